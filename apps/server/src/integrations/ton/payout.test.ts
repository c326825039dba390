import { randomBytes } from 'node:crypto';
import { Address } from '@ton/core';
import { keyPairFromSeed, mnemonicNew } from '@ton/crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeTonIndexer, startFakeTonIndexer } from '../../../../../tools/src/fakes/ton-indexer.ts';
import { createPayoutServiceForWallet, PayoutError, type PreparedPayout } from './payout.ts';
import { decodeWalletExternal, publicKeyOfWalletData, signatureHolds } from './payout-decode.ts';
import {
  commentCell,
  jettonTransfer,
  type PayoutWalletKey,
  payoutWalletFromMnemonic,
  signTransfer,
  tonTransfer,
  WALLET_V4R2_CODE,
  walletV4R2,
} from './payout-wallet.ts';

const PX_MASTER = `0:${'ab'.repeat(32)}`;
const USER = `0:${randomBytes(32).toString('hex')}`;

function testWallet(): PayoutWalletKey {
  const keyPair = keyPairFromSeed(randomBytes(32));
  return { keyPair, ...walletV4R2(keyPair.publicKey) };
}

describe('the payout wallet', () => {
  it('is a standard v4R2 wallet of the mnemonic', async () => {
    expect(WALLET_V4R2_CODE.hash().toString('hex')).toBe(
      'feb5ff6820e2ff0d9483e7e0d62c817d846789fb4ae580c878866d959dabd5c0',
    );
    const words = await mnemonicNew(24);
    const w = await payoutWalletFromMnemonic(`  ${words.join('   ')}\n`);
    expect(w.address).toBe(walletV4R2(w.keyPair.publicKey).address);
    expect(w.address).toMatch(/^0:[0-9a-f]{64}$/);
    const error = await payoutWalletFromMnemonic(words.slice(0, 23).join(' ')).catch((e: Error) => e);
    expect(String(error)).toMatch(/not a valid/);
    // The words are a secret: the message never repeats them.
    for (const word of words) expect(String(error)).not.toContain(` ${word}`);
  });

  it('signs exactly what the wallet signed before (pinned address and message hashes)', () => {
    // Made from a fixed key by the earlier, hand-built v4R2 code: a change of address or of a
    // single bit of a signed message would strand funds or make toncenter look for the wrong hash.
    const keyPair = keyPairFromSeed(Buffer.alloc(32, 7));
    const w: PayoutWalletKey = { keyPair, ...walletV4R2(keyPair.publicKey) };
    expect(w.address).toBe('0:2a6ee6b7ff41bfecafe383386325c7a895f4fe4ce346b18eb9c14a0152d6629c');
    const to = `0:${'12'.repeat(32)}`;
    const ton = signTransfer(w, {
      seqno: 5,
      validUntil: 1_900_000_000,
      message: tonTransfer(to, 1_500_000_000n, 'Pixel Wall reward #3'),
      withInit: true,
    });
    expect(ton).toMatchObject({
      messageHash: '5f66c7f2de33bae9394f5c242be855d23519b6d44232829f23313aa5a233b0f8',
      normalizedHash: '9ef6e82bf4155a03baf0362354a9f77188331f38d06072ce8b14e2ab1cbc71d4',
      seqno: 5,
      validUntil: 1_900_000_000,
    });
    const jetton = signTransfer(w, {
      seqno: 6,
      validUntil: 1_900_000_100,
      message: jettonTransfer({
        ourJettonWallet: `0:${'cd'.repeat(32)}`,
        ourWallet: w.address,
        to,
        amount: 4_500_000_000n,
        queryId: 42n,
        attachNano: 50_000_000n,
        forwardTonAmount: 1n,
        comment: 'Pixel Wall reward #42',
      }),
      withInit: false,
    });
    expect(jetton).toMatchObject({
      messageHash: '9b266dce7f3b5bb339daac6089dd98a31340132fbb7824b667f439c17a3dd12d',
      normalizedHash: '65cff3653d499bb4dab4d19ff873c77e384712ec9d3bad907315760ea12c9c27',
    });
  });

  it('signs a TON transfer that decodes back to its receiver, amount, comment and seqno', () => {
    const w = testWallet();
    const signed = signTransfer(w, {
      seqno: 7,
      validUntil: 1_900_000_000,
      message: tonTransfer(USER, 1_500_000_000n, 'Pixel Wall reward #3'),
      withInit: true,
    });
    const m = decodeWalletExternal(signed.boc);
    expect(m).toMatchObject({ wallet: w.address, seqno: 7, validUntil: 1_900_000_000, op: 0 });
    expect(m.messages).toEqual([
      {
        mode: 3,
        to: USER,
        value: 1_500_000_000n,
        bounce: false,
        comment: 'Pixel Wall reward #3',
        jetton: null,
        bodyHash: commentCell('Pixel Wall reward #3').hash().toString('hex'),
      },
    ]);
    expect(m.messageHash).toBe(signed.messageHash);
    expect(m.normalizedHash).toBe(signed.normalizedHash);
    expect(`0:${m.initHash!.toString('hex')}`).toBe(w.address);
    expect(publicKeyOfWalletData(m.initData!).equals(w.keyPair.publicKey)).toBe(true);
    expect(signatureHolds(m, w.keyPair.publicKey)).toBe(true);
    expect(signatureHolds(m, testWallet().keyPair.publicKey)).toBe(false);
    // Without state_init the raw hash changes, the normalised one (what indexers key by) does not.
    const again = signTransfer(w, {
      seqno: 7,
      validUntil: 1_900_000_000,
      message: tonTransfer(USER, 1_500_000_000n, 'Pixel Wall reward #3'),
      withInit: false,
    });
    expect(again.normalizedHash).toBe(signed.normalizedHash);
    expect(again.messageHash).not.toBe(signed.messageHash);
  });

  it('asks its jetton wallet for a TEP-74 transfer to the player', () => {
    const w = testWallet();
    const ourJettonWallet = `0:${'cd'.repeat(32)}`;
    const signed = signTransfer(w, {
      seqno: 0,
      validUntil: 1_900_000_000,
      message: jettonTransfer({
        ourJettonWallet,
        ourWallet: w.address,
        to: USER,
        amount: 4_500_000_000n,
        queryId: 42n,
        attachNano: 50_000_000n,
        forwardTonAmount: 1n,
        comment: 'Pixel Wall reward #42',
      }),
      withInit: false,
    });
    const [out] = decodeWalletExternal(signed.boc).messages;
    expect(out).toMatchObject({ to: ourJettonWallet, value: 50_000_000n, bounce: true, comment: null });
    expect(out!.jetton).toEqual({
      queryId: 42n,
      amount: 4_500_000_000n,
      destination: USER,
      responseDestination: w.address,
      forwardTonAmount: 1n,
      comment: 'Pixel Wall reward #42',
    });
    expect(Address.parseRaw(out!.to).toRawString()).toBe(ourJettonWallet);
  });
});

describe('the payout service against the fake toncenter', () => {
  let fake: FakeTonIndexer;
  let clock = 1_800_000_000_000;
  const now = () => clock;
  const noSleep = async () => {
    clock += 1000;
  };

  beforeAll(async () => {
    fake = await startFakeTonIndexer({ apiKey: 'k', now });
  });
  afterAll(async () => fake?.close());
  beforeEach(() => fake.reset());

  const service = (w: PayoutWalletKey, o: { confirmTimeoutMs?: number } = {}) =>
    createPayoutServiceForWallet(w, {
      baseUrl: `${fake.url}/api/v3`,
      apiKey: 'k',
      now,
      sleep: noSleep,
      pollMs: 10,
      validitySeconds: 60,
      graceMs: 30_000,
      ...o,
    });

  it('deploys the wallet with its first payout, then counts seqnos; each landing gives the tx hash', async () => {
    const w = testWallet();
    fake.fundWallet(w.address, 5_000_000_000n);
    const payout = service(w);
    const recorded: PreparedPayout[] = [];
    const first = await payout.send(
      { rewardId: 1, toAddress: USER, amountNano: 1_000_000_000n, comment: 'Pixel Wall reward #1' },
      {
        prepared: async (p) => {
          recorded.push(p);
          return true;
        },
      },
    );
    expect(first.hash).toMatch(/^[0-9a-f]{64}$/);
    const second = await payout.send({ rewardId: 2, toAddress: USER, amountNano: 2_000_000_000n });
    expect(second.hash).not.toBe(first.hash);
    expect(fake.seqnoOf(w.address)).toBe(2);
    expect(
      fake.sent.map((s) => ({ to: s.to, nanotons: s.nanotons, seqno: s.seqno, comment: s.comment })),
    ).toEqual([
      { to: USER, nanotons: '1000000000', seqno: 0, comment: 'Pixel Wall reward #1' },
      { to: USER, nanotons: '2000000000', seqno: 1, comment: null },
    ]);
    expect(fake.sent[0]!.txHash).toBe(first.hash);
    expect(recorded).toEqual([
      expect.objectContaining({
        seqno: 0,
        destination: USER,
        toAddress: USER,
        messageHash: expect.any(String),
      }),
    ]);
    expect(await payout.check(recorded[0]!)).toEqual({ state: 'landed', hash: first.hash });
  });

  it('pays PX through its jetton wallet, and refuses what it cannot cover before signing anything', async () => {
    const w = testWallet();
    const payout = service(w);
    const px = { master: PX_MASTER, amount: 3_000_000_000n };
    await expect(payout.send({ rewardId: 5, toAddress: USER, jetton: px })).rejects.toMatchObject({
      kind: 'not-sent',
    });
    fake.fundWallet(w.address, 1_000_000_000n);
    await expect(payout.send({ rewardId: 5, toAddress: USER, jetton: px })).rejects.toThrow(
      /none of this jetton/,
    );
    fake.fundJetton(w.address, PX_MASTER, 1_000_000_000n);
    await expect(payout.send({ rewardId: 5, toAddress: USER, jetton: px })).rejects.toThrow(
      /holds 1000000000 of/,
    );
    fake.fundJetton(w.address, PX_MASTER, 10_000_000_000n);
    const { hash } = await payout.send({
      rewardId: 5,
      toAddress: USER,
      jetton: px,
      comment: 'Pixel Wall reward #5',
    });
    expect(fake.sent).toEqual([
      expect.objectContaining({
        to: USER,
        jettonMaster: PX_MASTER,
        jettonAmount: '3000000000',
        queryId: '5',
        comment: 'Pixel Wall reward #5',
        nanotons: '50000000',
        txHash: hash,
      }),
    ]);
    expect(fake.sent).toHaveLength(1);
    await expect(payout.send({ rewardId: 6, toAddress: 'nope', amountNano: 1n })).rejects.toBeInstanceOf(
      PayoutError,
    );
  });

  it('a message the wallet refuses is unconfirmed, then lost once expired; a declined hook sends nothing', async () => {
    const w = testWallet();
    fake.fundWallet(w.address, 5_000_000_000n);
    const payout = service(w);
    const declined = payout.send(
      { rewardId: 1, toAddress: USER, amountNano: 1n * 10n ** 8n },
      {
        prepared: async () => false,
      },
    );
    await expect(declined).rejects.toMatchObject({ kind: 'aborted' });
    expect(fake.sent).toHaveLength(0);

    // Two senders sign for the same seqno: the wallet takes the first, refuses the second.
    let held: PreparedPayout | null = null;
    const a = service(w);
    const b = service(w);
    const both = await Promise.allSettled([
      a.send({ rewardId: 1, toAddress: USER, amountNano: 100_000_000n }),
      b.send(
        { rewardId: 2, toAddress: USER, amountNano: 200_000_000n },
        {
          prepared: async (p) => {
            held = p;
            // Let the other sender's message land first.
            await new Promise((r) => setTimeout(r, 50));
            return true;
          },
        },
      ),
    ]);
    expect(both[0].status).toBe('fulfilled');
    expect(both[1]).toMatchObject({ status: 'rejected', reason: { kind: 'unconfirmed' } });
    expect(fake.sent).toHaveLength(1);
    expect(await payout.check(held!)).toEqual({ state: 'waiting' });
    clock += 60_000 + 30_001;
    expect(await payout.check(held!)).toEqual({ state: 'lost' });
  });

  it('a seqno spent on a transfer the balance could not cover reads as failed, not landed', async () => {
    const w = testWallet();
    fake.fundWallet(w.address, 2_000_000_000n);
    const payout = service(w);
    await payout.send({ rewardId: 1, toAddress: USER, amountNano: 1_880_000_000n });
    // 0.118 TON left: enough by the balance, not once the wallet's own fee is taken, so the
    // wallet uses the seqno and skips the transfer (send mode 3 ignores the failed action).
    const poor = createPayoutServiceForWallet(w, {
      baseUrl: fake.url,
      apiKey: 'k',
      now,
      sleep: noSleep,
      feeReserveNano: 0n,
    });
    await expect(poor.send({ rewardId: 2, toAddress: USER, amountNano: 118_000_000n })).rejects.toMatchObject(
      { kind: 'failed' },
    );
    expect(fake.sent).toHaveLength(1);
  });
});
