import { randomBytes } from 'node:crypto';
import { CURRENCIES } from '@pixel-wall/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeTonIndexer, startFakeTonIndexer } from '../../../../../tools/src/fakes/ton-indexer.ts';
import { toFriendlyAddress } from '../../integrations/ton/address.ts';
import { createToncenterIndexer } from '../../integrations/ton/indexer.ts';
import { dbKinds } from '../../testing/harness.ts';
import { type EconomyHarness, startEconomy } from '../shop/testing.ts';
import { createTonOrders } from './service.ts';
import { createTonWatchStore } from './store.ts';
import { createMemoryShop, type MemoryShop, type TestDatabase, testDatabase } from './testing.ts';
import { createTonWatcher } from './watcher.ts';

const PLAYER = 900;
const PAY_TO = `0:${randomBytes(32).toString('hex')}`;
const BUYER = `0:${randomBytes(32).toString('hex')}`;
const master = (id: number) => CURRENCIES.find((c) => c.id === id)!.jettonMaster!;
const silent = { info: () => {}, warn: () => {} };

let db: TestDatabase;
let fake: FakeTonIndexer;
let shop: MemoryShop;

const kinds = await dbKinds();

describe.each(kinds)('TON watcher on %s', (kind) => {
  beforeAll(async () => {
    db = await testDatabase([PLAYER], kind);
    fake = await startFakeTonIndexer();
  });
  afterAll(async () => {
    await fake?.close();
    await db?.dispose();
  });
  beforeEach(async () => {
    fake.reset();
    shop = createMemoryShop();
    await db.query('TRUNCATE ton_orders, ton_payments, ton_watch_cursors');
  });

  function setup(opts: { pageSize?: number } = {}) {
    const indexer = createToncenterIndexer({ baseUrl: fake.url, timeoutMs: 5000 });
    const orders = createTonOrders({
      db,
      shop,
      wallets: { addressOf: async () => BUYER, verifiedByTransfer: async () => {} },
      jettonWallets: indexer,
      paymentWallet: toFriendlyAddress(PAY_TO, { bounceable: true }),
      network: '-239',
    });
    const watcher = createTonWatcher({
      indexer,
      orders,
      store: createTonWatchStore(db),
      paymentWallet: PAY_TO,
      intervalMs: 20,
      log: silent,
      pageSize: opts.pageSize ?? 3,
    });
    const order = (currencyId: number, goodId = 1, quantity = 3) =>
      orders.start(PLAYER, { buyerWallet: BUYER, goodId, currencyId, quantity });
    return { orders, watcher, order };
  }

  const orderIdOf = async (memo: string) =>
    (await db.query<{ order_id: string }>('SELECT order_id FROM ton_orders WHERE memo = $1', [memo]))[0]!
      .order_id;

  describe('TON watcher against the fake indexer', () => {
    it('a matching TON transfer fulfils once, polled twice, restarted or replayed', async () => {
      const { watcher, order } = setup();
      const o = await order(2);
      const tx = fake.addTonTransfer({
        from: BUYER,
        to: PAY_TO,
        nanotons: o.strAmount,
        comment: o.txMemCode,
      });

      expect((await watcher.pollOnce()).outcomes).toEqual({ fulfilled: 1 });
      const orderId = await orderIdOf(o.txMemCode);
      expect(shop.calls).toEqual([
        { orderId, paymentId: tx.hashHex, paidUnits: 60_000_000n, outcome: 'fulfilled' },
      ]);
      const [row] = await db.query<{ status: string; payment_hash: string }>(
        'SELECT status, payment_hash FROM ton_orders WHERE memo = $1',
        [o.txMemCode],
      );
      expect(row).toEqual({ status: 'paid', payment_hash: tx.hashHex });

      // Polled again: the cursor is past it.
      expect(await watcher.pollOnce()).toMatchObject({ transfers: 0, outcomes: {} });
      // A restart (new watcher, same SQL) resumes from the stored cursor.
      expect(await setup().watcher.pollOnce()).toMatchObject({ transfers: 0 });
      // Cursor lost: the indexer serves it again, and it is known by its hash.
      await db.query('TRUNCATE ton_watch_cursors');
      expect(await watcher.pollOnce()).toMatchObject({ transfers: 1, skippedSeen: 1, outcomes: {} });
      // Everything of ours lost: the shop's idempotency (same payment id) still fulfils once.
      await db.query('TRUNCATE ton_watch_cursors, ton_payments');
      expect((await watcher.pollOnce()).outcomes).toEqual({ duplicate: 1 });
      expect(shop.fulfilledCount(orderId)).toBe(1);
    });

    it('an underpayment fulfils nothing; an overpayment fulfils', async () => {
      const { watcher, order } = setup();
      const short = await order(2);
      const more = await order(2);
      fake.addTonTransfer({
        from: BUYER,
        to: PAY_TO,
        nanotons: BigInt(short.strAmount) - 1n,
        comment: short.txMemCode,
      });
      fake.addTonTransfer({
        from: BUYER,
        to: PAY_TO,
        nanotons: BigInt(more.strAmount) + 5n,
        comment: more.txMemCode,
      });
      expect((await watcher.pollOnce()).outcomes).toEqual({ underpaid: 1, fulfilled: 1 });
      expect(shop.calls.map((c) => c.outcome)).toEqual(['fulfilled']);
      const [row] = await db.query<{ outcome: string; order_id: string }>(
        "SELECT outcome, order_id FROM ton_payments WHERE outcome = 'underpaid'",
      );
      expect(row!.order_id).toBe(await orderIdOf(short.txMemCode));
    });

    it('a wrong jetton (or TON for a jetton order) fulfils nothing; the right jetton does', async () => {
      const { watcher, order } = setup();
      const usdt = await order(4);
      expect(usdt.strAmount).toBe('300000');
      fake.addJettonTransfer({
        from: BUYER,
        to: PAY_TO,
        jettonMaster: master(3),
        amount: '999999999999',
        comment: usdt.txMemCode,
      });
      fake.addTonTransfer({ from: BUYER, to: PAY_TO, nanotons: '999999999999', comment: usdt.txMemCode });
      const fake1 = await watcher.pollOnce();
      expect(fake1.outcomes).toMatchObject({ wrong_currency: 2 });
      expect(shop.calls).toEqual([]);

      const tx = fake.addJettonTransfer({
        from: BUYER,
        to: PAY_TO,
        jettonMaster: master(4),
        amount: usdt.strAmount,
        comment: usdt.txMemCode,
      });
      const stats = await watcher.pollOnce();
      expect(stats.outcomes.fulfilled).toBe(1);
      expect(shop.calls).toEqual([
        {
          orderId: await orderIdOf(usdt.txMemCode),
          paymentId: tx.notification!.hashHex,
          paidUnits: 300_000n,
          outcome: 'fulfilled',
        },
      ]);
      expect((await watcher.pollOnce()).outcomes).toEqual({});
    });

    it('a forged jetton naming the real master pays nothing and is recorded as forged', async () => {
      const { watcher, order } = setup();
      const usdt = await order(4);
      const forged = fake.addJettonTransfer({
        from: BUYER,
        to: PAY_TO,
        jettonMaster: master(4),
        amount: usdt.strAmount,
        comment: usdt.txMemCode,
        forged: true,
      });
      const asked = () => fake.requests.filter((r) => r.includes('runGetMethod')).length;
      const before = asked();
      expect((await watcher.pollOnce()).outcomes).toEqual({ forged: 1 });
      expect(shop.calls).toEqual([]);
      const lookups = asked() - before;
      expect(lookups).toBeGreaterThan(0);
      const rows = await db.query<{ outcome: string; order_id: string | null; amount_units: string }>(
        'SELECT outcome, order_id, amount_units::text FROM ton_payments WHERE tx_hash = $1',
        [forged.notification!.hashHex],
      );
      expect(rows).toEqual([
        { outcome: 'forged', order_id: await orderIdOf(usdt.txMemCode), amount_units: usdt.strAmount },
      ]);

      // The real jetton, from the wallet the master names for us, still pays.
      const real = fake.addJettonTransfer({
        from: BUYER,
        to: PAY_TO,
        jettonMaster: master(4),
        amount: usdt.strAmount,
        comment: usdt.txMemCode,
      });
      expect((await watcher.pollOnce()).outcomes).toEqual({ fulfilled: 1 });
      expect(shop.calls.map((c) => c.paymentId)).toEqual([real.notification!.hashHex]);
      // get_wallet_address is asked once per master, however many polls.
      expect(asked() - before).toBe(lookups);
    });

    it('unknown memos, missing comments, bounces and aborted jetton transfers are recorded and ignored', async () => {
      const { watcher, order } = setup();
      const o = await order(2);
      fake.addTonTransfer({ from: BUYER, to: PAY_TO, nanotons: o.strAmount, comment: 'PW-NOT-OURS' });
      fake.addTonTransfer({ from: BUYER, to: PAY_TO, nanotons: o.strAmount });
      fake.addTonTransfer({
        from: BUYER,
        to: PAY_TO,
        nanotons: o.strAmount,
        comment: o.txMemCode,
        bounced: true,
      });
      fake.addTonTransfer({
        from: BUYER,
        to: PAY_TO,
        nanotons: o.strAmount,
        comment: o.txMemCode,
        aborted: true,
        bounce: true,
      });
      fake.addJettonTransfer({
        from: BUYER,
        to: PAY_TO,
        jettonMaster: master(4),
        amount: '1',
        comment: 'x\u0000y',
      });
      const usdt = await order(4);
      fake.addJettonTransfer({
        from: BUYER,
        to: PAY_TO,
        jettonMaster: master(4),
        amount: usdt.strAmount,
        comment: usdt.txMemCode,
        aborted: true,
      });
      // Someone else's incoming transfer is not ours to judge.
      fake.addTonTransfer({ from: BUYER, to: BUYER, nanotons: o.strAmount, comment: o.txMemCode });
      const stats = await watcher.pollOnce();
      // An aborted jetton transfer never reaches our jetton wallet: no notification, nothing to judge.
      // The jetton's notification is judged by its comment like any payment.
      expect(stats.outcomes).toEqual({ unknown_memo: 2, no_memo: 1, bounced: 1, aborted: 1 });
      expect(shop.calls).toEqual([]);
      const count = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM ton_payments');
      expect(count[0]!.n).toBe('5');
    });

    it('pages through more transfers than one page holds', async () => {
      const { watcher, order } = setup({ pageSize: 2 });
      const memos: string[] = [];
      for (let i = 0; i < 5; i++) {
        const o = await order(2, 1, 1);
        memos.push(o.txMemCode);
        fake.addTonTransfer({ from: BUYER, to: PAY_TO, nanotons: o.strAmount, comment: o.txMemCode });
      }
      expect((await watcher.pollOnce()).outcomes).toEqual({ fulfilled: 5 });
      expect(shop.calls).toHaveLength(5);
    });

    it('start() polls on its own until stop()', async () => {
      const { watcher, order } = setup();
      const o = await order(2);
      watcher.start();
      fake.addTonTransfer({ from: BUYER, to: PAY_TO, nanotons: o.strAmount, comment: o.txMemCode });
      const deadline = Date.now() + 5000;
      while (shop.calls.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await watcher.stop();
      expect(shop.calls.map((c) => c.outcome)).toEqual(['fulfilled']);
    });

    it('an indexer failure leaves the cursor alone and the next poll catches up', async () => {
      const { orders, order } = setup();
      const o = await order(2);
      fake.addTonTransfer({ from: BUYER, to: PAY_TO, nanotons: o.strAmount, comment: o.txMemCode });
      const broken = createTonWatcher({
        indexer: createToncenterIndexer({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 500 }),
        orders,
        store: createTonWatchStore(db),
        paymentWallet: PAY_TO,
        intervalMs: 20,
        log: silent,
      });
      await expect(broken.pollOnce()).rejects.toThrow(/unreachable/);
      expect((await setup().watcher.pollOnce()).outcomes).toEqual({ fulfilled: 1 });
    });
  });
});

describe('TON watcher with the real shop', () => {
  let h: EconomyHarness;
  let indexer: FakeTonIndexer;
  beforeAll(async () => {
    h = await startEconomy();
    indexer = await startFakeTonIndexer();
  });
  afterAll(async () => {
    await indexer?.close();
    await h?.close();
  });

  it('starts an order through the shop, and the observed transfer fulfils it into the inventory once', async () => {
    const player = await h.player(77_001);
    const toncenter = createToncenterIndexer({ baseUrl: indexer.url });
    const orders = createTonOrders({
      db: h.db,
      shop: h.economy.orders,
      wallets: { addressOf: async () => BUYER, verifiedByTransfer: async () => {} },
      jettonWallets: toncenter,
      paymentWallet: PAY_TO,
      network: '-239',
    });
    const watcher = createTonWatcher({
      indexer: toncenter,
      orders,
      store: createTonWatchStore(h.db),
      paymentWallet: PAY_TO,
      intervalMs: 20,
      log: silent,
    });
    const usdt = await orders.start(player, { buyerWallet: BUYER, goodId: 2, currencyId: 4, quantity: 5 });
    expect([usdt.amount, usdt.strAmount]).toEqual(['1', '1000000']);
    const short = await orders.start(player, { buyerWallet: BUYER, goodId: 1, currencyId: 2, quantity: 1 });
    indexer.addJettonTransfer({
      from: BUYER,
      to: PAY_TO,
      jettonMaster: master(4),
      amount: usdt.strAmount,
      comment: usdt.txMemCode,
    });
    indexer.addTonTransfer({ from: BUYER, to: PAY_TO, nanotons: '1', comment: short.txMemCode });
    expect((await watcher.pollOnce()).outcomes).toMatchObject({ fulfilled: 1, underpaid: 1 });
    const inventory = await h.db.query<{ product_id: number; quantity: number }>(
      'SELECT product_id, quantity FROM inventory WHERE user_id = $1',
      [player],
    );
    expect(inventory).toEqual([{ product_id: 2, quantity: 5 }]);
    const payments = await h.db.query<{ outcome: string }>(
      "SELECT outcome FROM payments WHERE provider = 'ton'",
    );
    expect(payments).toEqual([{ outcome: 'fulfilled' }]);
    // Replayed from scratch: the shop answers 'duplicate' and grants nothing more.
    await h.db.query('TRUNCATE ton_watch_cursors, ton_payments');
    expect((await watcher.pollOnce()).outcomes).toMatchObject({ duplicate: 1 });
    expect(
      await h.db.query('SELECT quantity FROM inventory WHERE user_id = $1 AND product_id = 2', [player]),
    ).toEqual([{ quantity: 5 }]);
  });
});
