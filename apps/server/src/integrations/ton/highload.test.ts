import { randomBytes } from 'node:crypto';
import { keyPairFromSeed } from '@ton/crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeTonIndexer, startFakeTonIndexer } from '../../../../../tools/src/fakes/ton-indexer.ts';
import {
  decodeHighloadExternal,
  HIGHLOAD_INTERNAL_TRANSFER_OP,
  HIGHLOAD_V3_CODE,
  HIGHLOAD_V3_CODE_HASH,
  highloadData,
  highloadQueryId,
  highloadSignatureHolds,
  highloadWalletOfKey,
  internalTransferBody,
  signBatch,
} from './highload.ts';
import { HIGHLOAD_DEFAULT_SUBWALLET_ID } from './limits.ts';
import { tonTransfer } from './payout-wallet.ts';

const USER = `0:${'12'.repeat(32)}`;
const OTHER = `0:${'34'.repeat(32)}`;

describe('the highload v3 wallet', () => {
  it('carries the published contract code and its data layout', () => {
    expect(HIGHLOAD_V3_CODE.hash().toString('hex')).toBe(HIGHLOAD_V3_CODE_HASH);
    const keyPair = keyPairFromSeed(Buffer.alloc(32, 7));
    const w = highloadWalletOfKey(keyPair, { timeout: 3600 });
    expect(w.subwalletId).toBe(HIGHLOAD_DEFAULT_SUBWALLET_ID);
    expect(highloadData(w.init.data!)).toEqual({
      publicKey: keyPair.publicKey,
      subwalletId: 0x10ad,
      timeout: 3600,
    });
    // The address depends on subwallet id and timeout too.
    expect(highloadWalletOfKey(keyPair, { timeout: 3600 }).address).toBe(w.address);
    expect(highloadWalletOfKey(keyPair, { timeout: 7200 }).address).not.toBe(w.address);
    expect(highloadWalletOfKey(keyPair, { timeout: 3600, subwalletId: 1 }).address).not.toBe(w.address);
    expect(() => highloadWalletOfKey(keyPair, { timeout: 0 })).toThrow(/timeout/);
  });

  it('numbers query ids as shift ++ bit number, skipping bit 1023 and the last id', () => {
    expect(highloadQueryId(0)).toBe(0);
    expect(highloadQueryId(1022)).toBe(1022);
    expect(highloadQueryId(1023)).toBe(1 << 10);
    expect(highloadQueryId(8192 * 1023 - 2)).toBe((8191 << 10) | 1021);
    expect(highloadQueryId(8192 * 1023 - 1)).toBe(0);
  });

  it('signs a batch that reads back field by field', () => {
    const w = highloadWalletOfKey(keyPairFromSeed(randomBytes(32)), { timeout: 600 });
    const messages = [tonTransfer(USER, 1_000n, 'one'), tonTransfer(OTHER, 2_000n, 'two')];
    const s = signBatch(w, {
      queryId: 1025,
      createdAt: 1_800_000_000,
      messages,
      internalValue: 7n,
      withInit: true,
    });
    const m = decodeHighloadExternal(s.boc);
    expect(m).toMatchObject({
      wallet: w.address,
      subwalletId: 0x10ad,
      queryId: 1025,
      createdAt: 1_800_000_000,
      timeout: 600,
      toSelf: { to: w.address, value: 7n, op: HIGHLOAD_INTERNAL_TRANSFER_OP, queryId: 1025n },
      messageHash: s.messageHash,
      normalizedHash: s.normalizedHash,
    });
    expect(m.initHash && `0:${m.initHash.toString('hex')}`).toBe(w.address);
    expect(m.messages.map((x) => x.body.hash().toString('hex'))).toEqual(
      messages.map((x) => x.body.hash().toString('hex')),
    );
    expect(highloadSignatureHolds(m, w.keyPair.publicKey)).toBe(true);
    expect(highloadSignatureHolds(m, keyPairFromSeed(randomBytes(32)).publicKey)).toBe(false);
    expect(() =>
      signBatch(w, { queryId: 1023, createdAt: 1, messages, internalValue: 1n, withInit: false }),
    ).toThrow(/query id/);
    expect(() => internalTransferBody([], 0)).toThrow(/1\.\.254/);
    expect(() => internalTransferBody(Array(255).fill(messages[0]), 0)).toThrow(/1\.\.254/);
  });
});

describe('the fake toncenter plays the highload contract', () => {
  let fake: FakeTonIndexer;
  const clock = 1_800_000_000_000;
  const sec = () => Math.floor(clock / 1000);
  beforeAll(async () => {
    fake = await startFakeTonIndexer({ now: () => clock });
  });
  afterAll(async () => fake?.close());
  beforeEach(() => fake.reset());

  const post = async (boc: string) => {
    const res = await fetch(`${fake.url}/api/v3/message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ boc }),
    });
    return { status: res.status, body: (await res.json()) as { error?: string } };
  };

  function funded(timeout = 600) {
    const w = highloadWalletOfKey(keyPairFromSeed(randomBytes(32)), { timeout });
    fake.fundWallet(w.address, 5_000_000_000n);
    return w;
  }
  const batch = (
    w: ReturnType<typeof funded>,
    p: { queryId: number; createdAt: number; withInit?: boolean },
  ) =>
    signBatch(w, {
      ...p,
      messages: [tonTransfer(USER, 1_000_000n, 'hi')],
      internalValue: 50_000_000n,
      withInit: p.withInit ?? true,
    });

  it('executes a query id once: the same message again is refused', async () => {
    const w = funded();
    const s = batch(w, { queryId: 5, createdAt: sec() - 10 });
    expect((await post(s.boc)).status).toBe(200);
    expect(fake.sent).toEqual([
      expect.objectContaining({ wallet: w.address, to: USER, nanotons: '1000000', seqno: 5 }),
    ]);
    const again = await post(s.boc);
    expect(again.status).toBe(500);
    expect(again.body.error).toMatch(/query_id 5 already executed/);
    // A new query id goes through; the old one, signed anew, does not.
    expect((await post(batch(w, { queryId: 6, createdAt: sec() - 5, withInit: false }).boc)).status).toBe(
      200,
    );
    expect((await post(batch(w, { queryId: 5, createdAt: sec() - 1, withInit: false }).boc)).status).toBe(
      500,
    );
    expect(fake.sent).toHaveLength(2);
  });

  it('refuses created_at in the future or older than the timeout, and a foreign key', async () => {
    const w = funded(600);
    expect((await post(batch(w, { queryId: 1, createdAt: sec() + 5 }).boc)).body.error).toMatch(/created_at/);
    expect((await post(batch(w, { queryId: 1, createdAt: sec() - 600 }).boc)).body.error).toMatch(
      /created_at/,
    );
    const thief = { ...w, keyPair: keyPairFromSeed(randomBytes(32)) };
    expect((await post(batch(thief, { queryId: 1, createdAt: sec() }).boc)).body.error).toMatch(/signature/);
    expect(fake.sent).toHaveLength(0);
    expect((await post(batch(w, { queryId: 1, createdAt: sec() - 599 }).boc)).status).toBe(200);
  });
});
