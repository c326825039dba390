import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeTonIndexer, startFakeTonIndexer } from '../../../../../tools/src/fakes/ton-indexer.ts';
import { UNKNOWN_WALLET_REASON, verifyTonProof, verifyTonProofOnline } from './proof.ts';
import { makeTestWallet, signTonProof } from './testing.ts';
import { createToncenterRunGetMethod, createWalletKeyLookup, uint256Hex } from './wallet-key.ts';

let fake: FakeTonIndexer;
beforeAll(async () => {
  fake = await startFakeTonIndexer({ apiKey: 'k' });
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

const now = 1_800_000_000;
const domain = 'wall.example.com';
const opts = {
  allowedDomains: [domain],
  now,
  checkPayload: (p: string) => p === 'payload-1',
  network: '-239',
};

let clock = 0;
const lookup = () =>
  createWalletKeyLookup({
    runGetMethod: createToncenterRunGetMethod({ baseUrl: fake.url, apiKey: 'k' }),
    now: () => clock,
  });

function customWalletProof(over: { payload?: string } = {}) {
  const wallet = makeTestWallet({ unknownCode: true });
  const proof = signTonProof(wallet, { domain, payload: over.payload ?? 'payload-1', timestamp: now - 10 });
  return { wallet, proof };
}

const getPublicKey = (hex: string) => ({ stack: [{ type: 'num', value: `0x${hex.replace(/^0+/, '')}` }] });
const runGetMethodCalls = () => fake.requests.filter((r) => r === '/api/v3/runGetMethod').length;

describe('ton_proof with a wallet contract outside the known five', () => {
  it('is refused without the chain, as before', () => {
    const { proof } = customWalletProof();
    expect(verifyTonProof(proof, opts)).toEqual({ ok: false, reason: UNKNOWN_WALLET_REASON });
  });

  it("is verified with the key the wallet's get_public_key gives, asked once and cached", async () => {
    const { wallet, proof } = customWalletProof();
    fake.setGetMethod(wallet.address, 'get_public_key', getPublicKey(wallet.publicKey));
    const keys = lookup();
    const expected = {
      ok: true,
      address: wallet.address,
      publicKey: wallet.publicKey,
      walletVersion: 'other',
    };
    expect(await verifyTonProofOnline(proof, opts, keys)).toEqual(expected);
    expect(await verifyTonProofOnline({ ...proof, public_key: null }, opts, keys)).toEqual(expected);
    expect(runGetMethodCalls()).toBe(1);
    // After a day the key is asked for again.
    clock += 86_400_001;
    expect((await verifyTonProofOnline(proof, opts, keys)).ok).toBe(true);
    expect(runGetMethodCalls()).toBe(2);
  });

  it('refuses a signature by another key than the one on chain', async () => {
    const { wallet, proof } = customWalletProof();
    const other = makeTestWallet();
    fake.setGetMethod(wallet.address, 'get_public_key', getPublicKey(other.publicKey));
    expect(await verifyTonProofOnline({ ...proof, public_key: null }, opts, lookup())).toEqual({
      ok: false,
      reason: 'bad signature',
    });
    expect(await verifyTonProofOnline(proof, opts, lookup())).toEqual({
      ok: false,
      reason: 'public key does not match the wallet',
    });
  });

  it('says clearly when the wallet has no get_public_key, and asks again only after a minute', async () => {
    const { wallet, proof } = customWalletProof();
    fake.setGetMethod(wallet.address, 'seqno', { stack: [{ type: 'num', value: '0x1' }] });
    const keys = lookup();
    const refused = await verifyTonProofOnline(proof, opts, keys);
    expect(refused).toEqual({
      ok: false,
      reason: 'the wallet has no get_public_key method (exit code 11); it may not be deployed yet',
    });
    fake.setGetMethod(wallet.address, 'get_public_key', getPublicKey(wallet.publicKey));
    expect(await verifyTonProofOnline(proof, opts, keys)).toEqual(refused);
    clock += 60_001;
    expect((await verifyTonProofOnline(proof, opts, keys)).ok).toBe(true);
  });

  it('does not cache an indexer failure (an undeployed account)', async () => {
    const { wallet, proof } = customWalletProof();
    const keys = lookup();
    const first = await verifyTonProofOnline(proof, opts, keys);
    expect(first.ok).toBe(false);
    expect(!first.ok && first.reason).toMatch(
      /^could not ask the wallet for its public key: indexer answered 500/,
    );
    fake.setGetMethod(wallet.address, 'get_public_key', getPublicKey(wallet.publicKey));
    expect((await verifyTonProofOnline(proof, opts, keys)).ok).toBe(true);
  });

  it('never asks the indexer when a cheaper check fails or the address is not the state_init', async () => {
    const { wallet, proof } = customWalletProof({ payload: 'made-up' });
    fake.setGetMethod(wallet.address, 'get_public_key', getPublicKey(wallet.publicKey));
    expect(await verifyTonProofOnline(proof, opts, lookup())).toEqual({
      ok: false,
      reason: 'payload not issued by us, expired or used',
    });
    const good = customWalletProof().proof;
    expect(await verifyTonProofOnline({ ...good, address: wallet.address }, opts, lookup())).toEqual({
      ok: false,
      reason: 'address is not the hash of state_init',
    });
    expect(runGetMethodCalls()).toBe(0);
  });

  it('leaves the known wallets to their state_init', async () => {
    const wallet = makeTestWallet();
    const proof = signTonProof(wallet, { domain, payload: 'payload-1', timestamp: now - 10 });
    expect(await verifyTonProofOnline(proof, opts, lookup())).toMatchObject({
      ok: true,
      walletVersion: 'v4r2',
    });
    expect(runGetMethodCalls()).toBe(0);
  });
});

describe('uint256Hex', () => {
  it('reads toncenter numbers as 64 hex digits and refuses what is not a 256-bit key', () => {
    expect(uint256Hex('0x1')).toBe(`${'0'.repeat(63)}1`);
    expect(uint256Hex('255')).toBe(`${'0'.repeat(62)}ff`);
    expect(uint256Hex(`0x1${'0'.repeat(64)}`)).toBeNull();
    expect(uint256Hex('-0x1')).toBeNull();
    expect(uint256Hex('zz')).toBeNull();
    expect(uint256Hex(7)).toBeNull();
  });
});
