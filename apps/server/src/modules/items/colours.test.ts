import { BASIC_COLORS, PALETTE, ProductId, paletteIndexOf } from '@pixel-wall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../../db/client.ts';
import { createPlayerCaches } from '../../lib/player-caches.ts';
import { type EconomyHarness, startEconomy } from '../shop/testing.ts';
import { createColourUnlocks } from './colours.ts';
import { addItems } from './inventory.ts';

const LOCKED = paletteIndexOf('#6D001A');

/** A database that holds All colours for the ids in `owners` and counts its reads. */
function fakeDb(owners: Set<number>) {
  const reads: number[] = [];
  const db = {
    async query<T>(_sql: string, params: unknown[] = []): Promise<T[]> {
      const userId = Number(params[0]);
      reads.push(userId);
      expect(params[1]).toBe(ProductId.AllColors);
      return (owners.has(userId) ? [{ quantity: 1 }] : []) as T[];
    },
  } as unknown as Sql;
  return { db, reads };
}

describe('colour unlocks', () => {
  it('answers basic colours without a read, and each player from memory after one read', async () => {
    const owners = new Set([2]);
    const { db, reads } = fakeDb(owners);
    const colours = createColourUnlocks({ db });
    for (const c of BASIC_COLORS) expect(colours.allows(1, paletteIndexOf(c))).toBe(true);
    expect(reads).toEqual([]);

    expect(await colours.allows(1, LOCKED)).toBe(false);
    expect(await colours.allows(2, LOCKED)).toBe(true);
    expect(reads).toEqual([1, 2]);
    // From now on synchronous, with no read: the hot path.
    for (let i = 0; i < 100; i++) {
      expect(colours.allows(1, LOCKED)).toBe(false);
      expect(colours.allows(2, LOCKED)).toBe(true);
    }
    expect(reads).toEqual([1, 2]);
    // Out of the palette: refused for everyone, without a read.
    for (const bad of [-1, PALETTE.length, 255, 1.5]) expect(colours.allows(2, bad)).toBe(false);
    expect(reads).toEqual([1, 2]);
  });

  it('reads once for a burst on a cold cache, and again after the player is forgotten', async () => {
    const owners = new Set<number>();
    const { db, reads } = fakeDb(owners);
    const caches = createPlayerCaches();
    const colours = createColourUnlocks({ db, caches });
    expect(await Promise.all([1, 2, 3].map(() => colours.allows(7, LOCKED)))).toEqual([false, false, false]);
    expect(reads).toEqual([7]);
    owners.add(7);
    expect(colours.allows(7, LOCKED)).toBe(false);
    await caches.forgetPlayer(7, 'goods');
    expect(await colours.allows(7, LOCKED)).toBe(true);
    expect(reads).toEqual([7, 7]);
  });

  it('does not keep a read that began before the player was forgotten', async () => {
    const owners = new Set<number>();
    const { db, reads } = fakeDb(owners);
    const caches = createPlayerCaches();
    const colours = createColourUnlocks({ db, caches });
    const stale = colours.allows(8, LOCKED);
    owners.add(8);
    await caches.forgetPlayer(8, 'goods');
    expect(await stale).toBe(false);
    expect(await colours.allows(8, LOCKED)).toBe(true);
    expect(reads).toEqual([8, 8]);
  });

  it('refuses with COLOR_LOCKED', async () => {
    const colours = createColourUnlocks({ db: fakeDb(new Set()).db });
    await expect(colours.require(1, LOCKED)).rejects.toMatchObject({ code: 'COLOR_LOCKED', status: 403 });
    await expect(colours.require(1, 0)).resolves.toBeUndefined();
  });
});

describe('All colours in the economy', () => {
  let h: EconomyHarness;

  beforeAll(async () => {
    h = await startEconomy();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('unlocks when an order is fulfilled and locks again when it is refunded', async () => {
    const u = await h.player(7001);
    expect(await h.economy.colours.allows(u, LOCKED)).toBe(false);
    const order = await h.economy.orders.createOrder({
      userId: u,
      productId: ProductId.AllColors,
      quantity: 1,
      currencyId: 1,
      channel: 'stars',
    });
    const paid = await h.economy.orders.fulfil({
      orderId: order.id,
      provider: 'stars',
      paymentId: 'colours-charge-1',
      currencyId: 1,
      paidUnits: 5000n,
      raw: { message: { from: { id: u } } },
    });
    expect(paid.status).toBe('fulfilled');
    expect(await h.economy.colours.allows(u, LOCKED)).toBe(true);

    await h.economy.refunds.refunded('colours-charge-1');
    expect(await h.economy.colours.allows(u, LOCKED)).toBe(false);
  });

  it('refuses a blast in a locked colour and keeps the item; paints it once unlocked', async () => {
    const u = await h.player(7002);
    await addItems(h.db, u, [{ productId: 6, qty: 2 }]);
    await expect(h.economy.items.useBlast(u, 6, 5000, '#6D001A')).rejects.toMatchObject({
      code: 'COLOR_LOCKED',
    });
    await addItems(h.db, u, [{ productId: ProductId.AllColors, qty: 1 }]);
    // Granted outside an order: the cache learns of it when the player is forgotten.
    await h.caches.forgetPlayer(u, 'goods');
    const used = await h.economy.items.useBlast(u, 6, 5000, '#6D001A');
    expect(used).toMatchObject({ success: true, left: 1 });
  });
});
