import { LIMITED_PRODUCT_IDS, PALETTE } from '@pixel-wall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from '../../testing/harness.ts';
import { achievementsOf } from '../achievements/service.ts';
import { dailyOffers } from '../items/catalogue.ts';
import { addItems, countsOf } from '../items/inventory.ts';
import { newMemo } from './orders.ts';
import { type EconomyHarness, startEconomy } from './testing.ts';

const kinds = await dbKinds();
let clock = Date.UTC(2026, 10, 22, 12);

async function rejects(p: Promise<unknown>, code: string): Promise<void> {
  await expect(p).rejects.toMatchObject({ code });
}

describe('newMemo', () => {
  it('is short, url-safe and does not repeat', () => {
    const memos = new Set(Array.from({ length: 2000 }, () => newMemo()));
    expect(memos.size).toBe(2000);
    for (const m of memos) expect(m).toMatch(/^pw-[a-z2-7]{10}$/);
  });
});

describe.each(kinds)('orders on %s', (kind) => {
  let h: EconomyHarness;
  let nextUser = 100;
  const player = (name?: string) => h.player(nextUser++, name);

  beforeAll(async () => {
    h = await startEconomy({ kind, now: () => clock });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('prices every order from the catalogue, exactly', async () => {
    const u = await player();
    const { createOrder } = h.economy.orders;
    const ton = await createOrder({ userId: u, productId: 1, quantity: 3, currencyId: 2, channel: 'ton' });
    expect(ton).toMatchObject({
      amount: '0.06',
      amountUnits: 60_000_000n,
      status: 'pending',
      channel: 'ton',
    });
    expect(ton.memo).toMatch(/^pw-[a-z2-7]{10}$/);
    const stars = await createOrder({
      userId: u,
      productId: 2,
      quantity: 5,
      currencyId: 1,
      channel: 'stars',
    });
    expect(stars).toMatchObject({ amount: '80', amountUnits: 80n, memo: null });
    const usdt = await createOrder({
      userId: u,
      productId: 7,
      quantity: 4999,
      currencyId: 4,
      channel: 'ton',
    });
    expect(usdt).toMatchObject({ amount: '99.98', amountUnits: 99_980_000n });
    expect(await h.economy.orders.orderByMemo(ton.memo!)).toMatchObject({ id: ton.id });
  });

  it('refuses prices that do not exist, wrong channels, quantities and colours', async () => {
    const u = await player();
    const { createOrder } = h.economy.orders;
    await rejects(
      createOrder({ userId: u, productId: 7, quantity: 1, currencyId: 5, channel: 'ton' }),
      'NOT_AVAILABLE',
    );
    await rejects(
      createOrder({ userId: u, productId: 1, quantity: 1, currencyId: 1, channel: 'ton' }),
      'WRONG_CURRENCY',
    );
    await rejects(
      createOrder({ userId: u, productId: 1, quantity: 1, currencyId: 2, channel: 'stars' }),
      'WRONG_CURRENCY',
    );
    await rejects(
      createOrder({ userId: u, productId: 1, quantity: 1, currencyId: 77, channel: 'ton' }),
      'WRONG_CURRENCY',
    );
    await rejects(
      createOrder({ userId: u, productId: 3, quantity: 1, currencyId: 1, channel: 'stars' }),
      'NOT_FOUND',
    );
    for (const quantity of [0, 5001, 1.5, -1]) {
      await rejects(
        createOrder({ userId: u, productId: 1, quantity, currencyId: 1, channel: 'stars' }),
        'BAD_REQUEST',
      );
    }
    await rejects(
      createOrder({ userId: u, productId: 4, quantity: 2, currencyId: 1, channel: 'stars' }),
      'BAD_REQUEST',
    );
    await rejects(
      createOrder({ userId: u, productId: 13, quantity: 1, currencyId: 1, channel: 'stars' }),
      'INVALID_COLOR',
    );
    await rejects(
      createOrder({
        userId: u,
        productId: 13,
        quantity: 1,
        currencyId: 1,
        channel: 'stars',
        pixanosColor: '#123456',
      }),
      'INVALID_COLOR',
    );
    await rejects(
      createOrder({ userId: 999_999, productId: 1, quantity: 1, currencyId: 1, channel: 'stars' }),
      'UNAUTHORIZED',
    );
  });

  it('sells a limited bundle only on its day', async () => {
    const u = await player();
    const today = dailyOffers(clock);
    const [onOffer] = today.offerIds.filter((id) => LIMITED_PRODUCT_IDS.includes(id as 9));
    const notToday = LIMITED_PRODUCT_IDS.find((id) => id !== onOffer)!;
    const { createOrder } = h.economy.orders;
    await rejects(
      createOrder({ userId: u, productId: notToday, quantity: 1, currencyId: 1, channel: 'stars' }),
      'NOT_AVAILABLE',
    );
    const ok = await createOrder({
      userId: u,
      productId: onOffer!,
      quantity: 1,
      currencyId: 1,
      channel: 'stars',
      daily: true,
    });
    expect(ok.daily).toBe(true);
    await rejects(
      createOrder({
        userId: u,
        productId: 13,
        quantity: 1,
        currencyId: 1,
        channel: 'stars',
        daily: true,
        pixanosColor: PALETTE[3],
      }),
      'NOT_AVAILABLE',
    );
  });

  it('fulfils once: items, bundles expanded, Star Pixel; duplicates and bad payments change nothing', async () => {
    const u = await player();
    const { createOrder, fulfil } = h.economy.orders;
    const bundle = dailyOffers(clock).offerIds[0]!;
    const order = await createOrder({
      userId: u,
      productId: bundle,
      quantity: 1,
      currencyId: 1,
      channel: 'stars',
    });
    const pay = { orderId: order.id, provider: 'stars' as const, currencyId: 1, raw: { test: true } };

    const under = await fulfil({ ...pay, paymentId: 'under-1', paidUnits: order.amountUnits - 1n });
    expect(under).toMatchObject({ status: 'rejected', reason: 'underpaid' });
    const wrong = await fulfil({ ...pay, paymentId: 'wrong-1', paidUnits: order.amountUnits, currencyId: 2 });
    expect(wrong).toMatchObject({ status: 'rejected', reason: 'wrong_currency' });
    expect(await countsOf(h.db, u)).toEqual({});
    expect((await h.economy.orders.order(order.id))?.status).toBe('pending');

    const done = await fulfil({ ...pay, paymentId: 'paid-1', paidUnits: order.amountUnits });
    expect(done).toMatchObject({ status: 'fulfilled', order: { status: 'fulfilled' } });
    const each = bundle - 8;
    expect(await countsOf(h.db, u)).toEqual({ '1': each, '2': each, '6': each });
    expect(await achievementsOf(h.db, u)).toEqual({ '8': true });

    expect(await fulfil({ ...pay, paymentId: 'paid-1', paidUnits: order.amountUnits })).toEqual({
      status: 'duplicate',
    });
    const again = await fulfil({ ...pay, paymentId: 'paid-2', paidUnits: order.amountUnits });
    expect(again).toMatchObject({ status: 'rejected', reason: 'not_pending' });
    expect(await countsOf(h.db, u)).toEqual({ '1': each, '2': each, '6': each });

    const unknown = await fulfil({ ...pay, orderId: 'nope', paymentId: 'orphan-1', paidUnits: 5n });
    expect(unknown).toMatchObject({ status: 'rejected', reason: 'unknown_order', order: null });
    const rows = await h.db.query<{ payment_id: string; outcome: string }>(
      `SELECT payment_id, outcome FROM payments WHERE order_id = $1 OR payment_id = 'orphan-1' ORDER BY payment_id`,
      [order.id],
    );
    expect(rows).toEqual([
      { payment_id: 'orphan-1', outcome: 'unknown_order' },
      { payment_id: 'paid-1', outcome: 'fulfilled' },
      { payment_id: 'paid-2', outcome: 'not_pending' },
      { payment_id: 'under-1', outcome: 'underpaid' },
      { payment_id: 'wrong-1', outcome: 'wrong_currency' },
    ]);
  });

  it('grants Crypto Pixel for TON, and takes an overpayment', async () => {
    const u = await player();
    const order = await h.economy.orders.createOrder({
      userId: u,
      productId: 6,
      quantity: 2,
      currencyId: 2,
      channel: 'ton',
    });
    const r = await h.economy.orders.fulfil({
      orderId: order.id,
      provider: 'ton',
      paymentId: `tx-${order.id}`,
      paidUnits: order.amountUnits + 1n,
      currencyId: 2,
      raw: {},
    });
    expect(r.status).toBe('fulfilled');
    expect(await countsOf(h.db, u)).toEqual({ '6': 2 });
    expect(await achievementsOf(h.db, u)).toEqual({ '9': true });
  });

  it('never sells a one-off twice, and an unpaid order stops blocking after its time', async () => {
    const u = await player();
    const { createOrder, fulfil } = h.economy.orders;
    const first = await createOrder({ userId: u, productId: 4, quantity: 1, currencyId: 2, channel: 'ton' });
    await rejects(
      createOrder({ userId: u, productId: 4, quantity: 1, currencyId: 1, channel: 'stars' }),
      'ALREADY_OWNED',
    );

    clock += 31 * 60_000;
    const second = await createOrder({
      userId: u,
      productId: 4,
      quantity: 1,
      currencyId: 1,
      channel: 'stars',
    });
    expect((await h.economy.orders.order(first.id))?.status).toBe('expired');

    // The late payment of the expired order is honoured; the other order can then no longer be.
    const late = await fulfil({
      orderId: first.id,
      provider: 'ton',
      paymentId: 'late-1',
      paidUnits: first.amountUnits,
      currencyId: 2,
      raw: {},
    });
    expect(late.status).toBe('fulfilled');
    const dup = await fulfil({
      orderId: second.id,
      provider: 'stars',
      paymentId: 'late-2',
      paidUnits: second.amountUnits,
      currencyId: 1,
      raw: {},
    });
    expect(dup).toMatchObject({ status: 'rejected', reason: 'already_owned' });
    expect(await countsOf(h.db, u)).toEqual({ '4': 1 });
    await rejects(
      createOrder({ userId: u, productId: 4, quantity: 1, currencyId: 1, channel: 'stars' }),
      'ALREADY_OWNED',
    );
  });

  it("Pixanos' Snap in a locked colour is refused on either channel until All colours is held", async () => {
    const u = await player('Locked');
    const snap = (channel: 'stars' | 'ton', pixanosColor: string) =>
      h.economy.orders.createOrder({
        userId: u,
        productId: 13,
        quantity: 1,
        currencyId: channel === 'stars' ? 1 : 2,
        channel,
        pixanosColor,
      });
    await rejects(snap('stars', '#6D001A'), 'COLOR_LOCKED');
    await rejects(snap('ton', '#6d001a'), 'COLOR_LOCKED');
    await addItems(h.db, u, [{ productId: 14, qty: 1 }]);
    expect((await snap('ton', '#6D001A')).pixanosColor).toBe(PALETTE.indexOf('#6D001A'));
  });

  it("Pixanos' Snap: bought with a colour, one at a time; no event until it is used", async () => {
    const u = await player('Snapper');
    const order = await h.economy.orders.createOrder({
      userId: u,
      productId: 13,
      quantity: 1,
      currencyId: 1,
      channel: 'stars',
      pixanosColor: '#ff4500',
    });
    h.events.length = 0;
    const r = await h.economy.orders.fulfil({
      orderId: order.id,
      provider: 'stars',
      paymentId: 'snap-1',
      paidUnits: 80_000n,
      currencyId: 1,
      raw: {},
    });
    expect(r.status).toBe('fulfilled');
    // Buying only grants the item: the snap (event, achievement 14) happens when it is used.
    expect(await achievementsOf(h.db, u)).toEqual({ '8': true });
    expect(h.events).toEqual([]);
    await rejects(
      h.economy.orders.createOrder({
        userId: u,
        productId: 13,
        quantity: 1,
        currencyId: 1,
        channel: 'stars',
        pixanosColor: '#FF4500',
      }),
      'ALREADY_OWNED',
    );
  });

  it('20 concurrent deliveries of one payment fulfil once', async () => {
    const u = await player();
    const order = await h.economy.orders.createOrder({
      userId: u,
      productId: 2,
      quantity: 7,
      currencyId: 1,
      channel: 'stars',
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        h.economy.orders.fulfil({
          orderId: order.id,
          provider: 'stars',
          paymentId: `same-${order.id}`,
          paidUnits: order.amountUnits,
          currencyId: 1,
          raw: {},
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'duplicate')).toHaveLength(19);
    expect(await countsOf(h.db, u)).toEqual({ '2': 7 });
  });

  it('20 concurrent different payments of one order fulfil it once', async () => {
    const u = await player();
    const order = await h.economy.orders.createOrder({
      userId: u,
      productId: 1,
      quantity: 2,
      currencyId: 2,
      channel: 'ton',
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        h.economy.orders.fulfil({
          orderId: order.id,
          provider: 'ton',
          paymentId: `tx-${i}-${order.id}`,
          paidUnits: order.amountUnits,
          currencyId: 2,
          raw: {},
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(19);
    expect(await countsOf(h.db, u)).toEqual({ '1': 2 });
  });

  it('concurrent orders of one one-off: one is open, the rest refused', async () => {
    const u = await player();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        h.economy.orders.createOrder({
          userId: u,
          productId: 5,
          quantity: 1,
          currencyId: 1,
          channel: 'stars',
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'ALREADY_OWNED' });
  });
});
