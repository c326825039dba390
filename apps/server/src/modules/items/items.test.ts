import { PRODUCTS, paletteIndexOf, pixelIdOf } from '@pixel-wall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from '../../testing/harness.ts';
import { type EconomyHarness, startEconomy } from '../shop/testing.ts';
import { dailyOffers, GIVEAWAY_PRODUCT_IDS } from './catalogue.ts';
import { addItems, countsOf } from './inventory.ts';

const kinds = await dbKinds();

describe('dailyOffers', () => {
  it('is the same all day for everyone, and changes with the UTC day', () => {
    const day = Date.UTC(2026, 10, 22);
    const morning = dailyOffers(day);
    expect(dailyOffers(day + 86_399_999)).toEqual(morning);
    expect(morning).toMatchObject({ day: '2026-11-22', endsAt: day + 86_400_000 });
    expect([9, 10, 11]).toContain(morning.offerIds[0]);
    expect(GIVEAWAY_PRODUCT_IDS).toContain(morning.offerIds[1]);
    const days = Array.from({ length: 12 }, (_, i) => dailyOffers(day + i * 86_400_000));
    expect(new Set(days.map((d) => d.offerIds.join())).size).toBeGreaterThan(3);
    expect(new Set(days.map((d) => d.free.productId)).size).toBe(4);
  });
});

describe.each(kinds)('items on %s', (kind) => {
  let h: EconomyHarness;
  let nextUser = 2000;

  beforeAll(async () => {
    h = await startEconomy({ kind });
  });
  afterAll(async () => {
    await h?.close();
  });

  const inject = (userId: number | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    h.app.inject({ method, url, headers: userId === null ? {} : h.as(userId), payload });

  it("lists the catalogue with prices and the player's counts merged by id", async () => {
    const u = await h.player(nextUser++);
    await addItems(h.db, u, [
      { productId: 2, qty: 3 },
      { productId: 9, qty: 1 },
    ]);
    const r = await inject(u, 'GET', '/api/v1/buy/list');
    expect(r.statusCode).toBe(200);
    const body = r.json() as {
      products: { id: number; prices: unknown[] }[];
      goodsAvailable: Record<string, number>;
    };
    expect(body.products.map((p) => p.id)).toEqual(PRODUCTS.map((p) => p.id));
    expect(body.products.find((p) => p.id === 1)).toMatchObject({
      name: 'Restoring',
      isOnePiece: false,
      prices: [
        { currency_id: 1, currency_name: 'Stars', price: '8' },
        { currency_id: 2, currency_name: 'TON', price: '0.02' },
        { currency_id: 3, currency_name: 'NOT', price: '25' },
        { currency_id: 4, currency_name: 'USDT', price: '0.1' },
        { currency_id: 10, currency_name: 'PX', price: '1' },
      ],
    });
    // A bundle arrives as its contents.
    expect(body.goodsAvailable).toEqual({ '1': 1, '2': 4, '6': 1 });
    const guest = await inject(null, 'GET', '/api/v1/buy/list');
    expect(guest.json()).toMatchObject({ goodsAvailable: {} });
  });

  it('gives the free item once per UTC day', async () => {
    const u = await h.player(nextUser++);
    const list = (await inject(u, 'GET', '/api/v1/daily/list')).json() as {
      offers: { id: number; limitedEnd: number }[];
      free: { good_id: number; claimed: boolean };
    };
    expect(list.offers).toHaveLength(2);
    expect(list.free.claimed).toBe(false);
    const first = await inject(u, 'GET', '/api/v1/daily/free');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      good_id: list.free.good_id,
      quantity: 1,
      available: 1,
    });
    const second = await inject(u, 'GET', '/api/v1/daily/free');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: { code: 'ALREADY_CLAIMED' } });
    expect(await countsOf(h.db, u)).toEqual({ [String(list.free.good_id)]: 1 });
    expect((await inject(u, 'GET', '/api/v1/daily/list')).json()).toMatchObject({ free: { claimed: true } });
    expect((await inject(null, 'GET', '/api/v1/daily/free')).statusCode).toBe(401);
  });

  it('a bomb paints 5×5 (clipped at the edge), commits, publishes, and uses one item', async () => {
    const u = await h.player(nextUser++, 'Bomber');
    await addItems(h.db, u, [{ productId: 2, qty: 2 }]);
    h.events.length = 0;
    h.pixels.length = 0;
    const centre = pixelIdOf(1, 1);
    const r = await inject(u, 'POST', '/api/v1/repaint/special', {
      pixelId: centre,
      type: 2,
      color: '#be0039',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      success: true,
      productId: 2,
      left: 1,
      pixels: 16,
      charges: 5,
      maxCharges: 5,
    });
    const red = paletteIndexOf('#BE0039');
    const rows = await h.db.query<{ id: number; color: number; user_id: number }>(
      'SELECT id, color, user_id FROM pixels WHERE user_id = $1 ORDER BY id',
      [u],
    );
    expect(rows).toHaveLength(16);
    expect(rows.every((p) => p.color === red)).toBe(true);
    expect(rows[0]!.id).toBe(pixelIdOf(0, 0));
    expect(await h.engine.pixel(pixelIdOf(3, 3))).toMatchObject({ color: red, userId: u });
    expect(h.pixels).toHaveLength(16);
    expect(h.events).toEqual([
      {
        kind: 'bomb',
        user: { id: u, firstName: 'Bomber', userPic: null },
        pixelId: centre,
        color: '#BE0039',
      },
    ]);
    const me = await h.db.query<{ repaints: number; charges: number }>(
      'SELECT repaints, charges FROM users WHERE id = $1',
      [u],
    );
    expect(me[0]).toMatchObject({ repaints: 16, charges: 5 });
  });

  it('paint can 3×3 and pumpkin 7×7 through /items/use; no item → 409 NO_ITEMS and nothing painted', async () => {
    const u = await h.player(nextUser++);
    await addItems(h.db, u, [
      { productId: 6, qty: 1 },
      { productId: 7, qty: 1 },
    ]);
    const can = await inject(u, 'POST', '/api/v1/items/use', {
      productId: 6,
      pixelId: pixelIdOf(500, 500),
      color: '#000000',
    });
    expect(can.json()).toMatchObject({ pixels: 9, left: 0 });
    const pumpkin = await inject(u, 'POST', '/api/v1/repaint/special', {
      pixelId: pixelIdOf(600, 600),
      type: 7,
      color: '#FFD635',
    });
    expect(pumpkin.json()).toMatchObject({ pixels: 49, left: 0 });
    expect(h.events.at(-1)).toMatchObject({ kind: 'pumpkin', color: '#FFD635' });

    const none = await inject(u, 'POST', '/api/v1/repaint/special', {
      pixelId: pixelIdOf(700, 700),
      type: 6,
      color: '#000000',
    });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ error: { code: 'NO_ITEMS' } });
    expect(await h.engine.pixel(pixelIdOf(700, 700))).toBeNull();

    const bad = await inject(u, 'POST', '/api/v1/repaint/special', { pixelId: 1, type: 3, color: '#000000' });
    expect(bad.statusCode).toBe(400);
    const off = await inject(u, 'POST', '/api/v1/repaint/special', { pixelId: 1, type: 2, color: '#123456' });
    expect(off.statusCode).toBe(400);
    const noPixel = await inject(u, 'POST', '/api/v1/items/use', { productId: 2 });
    expect(noPixel.statusCode).toBe(400);
  });

  it('concurrent uses of the last item succeed once', async () => {
    const u = await h.player(nextUser++);
    await addItems(h.db, u, [{ productId: 2, qty: 1 }]);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        h.economy.items.useBlast(u, 2, pixelIdOf(100 + i * 10, 900), '#FFFFFF').then(
          () => 'ok',
          (e: { code?: string }) => e.code,
        ),
      ),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r === 'NO_ITEMS')).toHaveLength(9);
    expect(await countsOf(h.db, u)).toEqual({});
  });

  it('Restoring refills to max in the engine and SQL; full → CHARGES_FULL; none → NO_ITEMS', async () => {
    const u = await h.player(nextUser++);
    await addItems(h.db, u, [{ productId: 1, qty: 1 }]);
    const full = await inject(u, 'POST', '/api/v1/items/use', { productId: 1 });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ error: { code: 'CHARGES_FULL' } });

    for (let i = 0; i < 5; i++) {
      const p = await h.engine.paint({ userId: u, pixelId: 10 + i, color: 1, now: Date.now() });
      expect(p.ok).toBe(true);
      if (p.ok) {
        await h.committer.submit({
          pixelId: 10 + i,
          color: 1,
          userId: u,
          squadId: null,
          at: Date.now(),
          charges: p.charges.charges,
          chargesUpdatedAt: p.charges.updatedAt,
        });
      }
    }
    expect((await h.engine.charges(u, Date.now())).charges.charges).toBe(0);
    const used = await inject(u, 'POST', '/api/v1/items/use', { productId: 1 });
    expect(used.statusCode).toBe(200);
    expect(used.json()).toMatchObject({
      success: true,
      productId: 1,
      left: 0,
      pixels: 0,
      charges: 5,
      maxCharges: 5,
      reChargeTimer: 0,
    });
    expect((await h.engine.charges(u, Date.now())).charges.charges).toBe(5);
    expect((await h.users.storedCharges(u))?.charges).toBe(5);
    // The next paint spends from the refilled state.
    expect(await h.engine.paint({ userId: u, pixelId: 99, color: 1, now: Date.now() })).toMatchObject({
      ok: true,
      charges: { charges: 4 },
    });

    for (let i = 0; i < 4; i++)
      await h.engine.paint({ userId: u, pixelId: 100 + i, color: 1, now: Date.now() });
    const none = await inject(u, 'POST', '/api/v1/items/use', { productId: 1 });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ error: { code: 'NO_ITEMS' } });
  });
});
