import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeTonIndexer, startFakeTonIndexer } from '../../../../../tools/src/fakes/ton-indexer.ts';
import { normalizeTonAddress } from '../ton/address.ts';
import { createToncenterJettonLedger, tonExplorer } from './jetton-ledger.ts';

const BUYBACK = '0:1111111111111111111111111111111111111111111111111111111111111111';
const SELLER = '0:2222222222222222222222222222222222222222222222222222222222222222';
const PX = '0:3333333333333333333333333333333333333333333333333333333333333333';
const OTHER_JETTON = '0:4444444444444444444444444444444444444444444444444444444444444444';

describe('PX ledger from toncenter v3 jetton transfers (fake indexer)', () => {
  let fake: FakeTonIndexer;
  beforeAll(async () => {
    fake = await startFakeTonIndexer();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it('lists the wallet PX transfers newest first, in positive and out negative, with comments', async () => {
    fake.addJettonTransfer({
      from: SELLER,
      to: BUYBACK,
      jettonMaster: PX,
      amount: 1_500_000_000n,
      comment: 'Buyback #1',
      utime: 1_720_000_000,
    });
    fake.addJettonTransfer({
      from: BUYBACK,
      to: SELLER,
      jettonMaster: PX,
      amount: 200_000_000n,
      utime: 1_720_000_100,
    });
    fake.addJettonTransfer({
      from: SELLER,
      to: BUYBACK,
      jettonMaster: OTHER_JETTON,
      amount: 7n,
      utime: 1_720_000_200,
    });
    fake.addJettonTransfer({ from: SELLER, to: SELLER, jettonMaster: PX, amount: 9n, utime: 1_720_000_300 });
    const ledger = createToncenterJettonLedger({ baseUrl: fake.url });
    const entries = await ledger.transfers(BUYBACK, PX, 50);
    expect(entries.map((e) => [e.amount, e.utime, e.comment])).toEqual([
      [-200_000_000n, 1_720_000_100, ''],
      [1_500_000_000n, 1_720_000_000, 'Buyback #1'],
    ]);
    expect(entries[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('skips aborted transfers', async () => {
    fake.addJettonTransfer({ from: SELLER, to: BUYBACK, jettonMaster: PX, amount: 5n, aborted: true });
    const ledger = createToncenterJettonLedger({ baseUrl: fake.url });
    expect(await ledger.transfers(BUYBACK, PX, 50)).toEqual([]);
  });

  it('fails with a clear error on a bad answer', async () => {
    const stub = (async () => new Response('{"nope":1}')) as typeof fetch;
    await expect(
      createToncenterJettonLedger({ baseUrl: fake.url, fetch: stub }).transfers(BUYBACK, PX, 5),
    ).rejects.toThrow(/unexpected jetton_transfers shape/);
    await expect(createToncenterJettonLedger({ baseUrl: fake.url }).transfers('nope', PX, 5)).rejects.toThrow(
      /not a TON address/,
    );
  });

  it('links transactions and wallets on the network explorer', () => {
    const main = tonExplorer(false);
    const test = tonExplorer(true);
    expect(main.transaction('ab'.repeat(32))).toBe(`https://tonviewer.com/transaction/${'ab'.repeat(32)}`);
    expect(test.transaction('cd')).toBe('https://testnet.tonviewer.com/transaction/cd');
    const friendly = main.friendly(BUYBACK);
    expect(friendly).toMatch(/^EQ[A-Za-z0-9_-]{46}$/);
    expect(normalizeTonAddress(friendly)).toBe(BUYBACK);
    expect(main.account(BUYBACK)).toBe(`https://tonviewer.com/${friendly}`);
  });
});
