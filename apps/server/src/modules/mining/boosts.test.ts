import {
  BOOST_PRICES_PX,
  boostMaxLevel,
  boostPricePx,
  boostValueAt,
  GAME_DEFAULTS,
} from '@pixel-wall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryEngine } from '../../engine/memory.ts';
import { dbKinds } from '../../testing/harness.ts';
import { type EconomyHarness, startEconomy } from '../shop/testing.ts';
import { addPx, balanceOf } from './balance.ts';
import { type BoostLevels, chargeRulesAt, createBoostLevelCache, NO_BOOSTS } from './boosts.ts';
import { createMiningService } from './service.ts';

const kinds = await dbKinds();
const BASE = { max: GAME_DEFAULTS.startCharges, speedMs: GAME_DEFAULTS.rechargeMs };

describe('boost tables', () => {
  it('price every level but level 0 and stop at the top', () => {
    for (const id of ['paintReward', 'rechargeSpeed', 'energyLimit'] as const) {
      expect(BOOST_PRICES_PX[id]).toHaveLength(boostMaxLevel(id));
      expect(boostPricePx(id, boostMaxLevel(id))).toBeNull();
      expect(boostPricePx(id, -1)).toBeNull();
      const prices = BOOST_PRICES_PX[id];
      expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    }
    expect(boostPricePx('energyLimit', 0)).toBe(5);
    expect([0, 1, 6].map((l) => boostValueAt('energyLimit', l))).toEqual([5, 12, 24]);
    expect([0, 10].map((l) => boostValueAt('rechargeSpeed', l))).toEqual([600_000, 300_000]);
    expect([0, 1, 6].map((l) => boostValueAt('paintReward', l))).toEqual([1, 1.5, 4]);
  });

  it('keep the operator base at level 0 and never make it worse', () => {
    expect(chargeRulesAt(NO_BOOSTS, { max: 50, speedMs: 1000 })).toEqual({ max: 50, speedMs: 1000 });
    const bought: BoostLevels = { paintReward: 0, rechargeSpeed: 2, energyLimit: 1 };
    expect(chargeRulesAt(bought, BASE)).toEqual({ max: 12, speedMs: 540_000 });
    expect(chargeRulesAt(bought, { max: 50, speedMs: 1000 })).toEqual({ max: 50, speedMs: 1000 });
  });
});

describe('the boost level cache', () => {
  it('loads once for concurrent callers, serves stale entries while reloading, keeps a newer write', async () => {
    let clock = 0;
    let loads = 0;
    let stored: BoostLevels = { ...NO_BOOSTS, energyLimit: 1 };
    let release: () => void = () => {};
    const cache = createBoostLevelCache({
      ttlMs: 100,
      now: () => clock,
      load: async () => {
        loads++;
        const answer = stored;
        await new Promise<void>((r) => {
          release = r;
        });
        return answer;
      },
    });
    expect(cache.peek(1)).toBeNull();
    const a = cache.load(1);
    release();
    expect(await a).toEqual(stored);
    expect(loads).toBe(1);
    expect(cache.peek(1)).toEqual(stored);
    clock += 101;
    stored = { ...NO_BOOSTS, energyLimit: 2 };
    // Stale: the old levels answer at once, a reload starts in the background.
    expect(cache.peek(1)?.energyLimit).toBe(1);
    // An upgrade lands while that reload reads the old row: the upgrade wins.
    cache.set(1, { ...NO_BOOSTS, energyLimit: 3 });
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.peek(1)?.energyLimit).toBe(3);
    expect(loads).toBe(2);
  });

  it('does not keep what a read that began before a forget returns', async () => {
    let stored: BoostLevels = NO_BOOSTS;
    const releases: (() => void)[] = [];
    const cache = createBoostLevelCache({
      load: async () => {
        const answer = stored;
        await new Promise<void>((r) => void releases.push(r));
        return answer;
      },
    });
    const early = cache.load(1);
    // Another instance's upgrade: SQL has the new level, the forget arrives mid-read.
    stored = { ...NO_BOOSTS, energyLimit: 1 };
    cache.forget(1);
    releases.shift()?.();
    expect((await early).energyLimit).toBe(0);
    expect(cache.peek(1)).toBeNull();
    // The read the peek started sees the new row.
    releases.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.peek(1)?.energyLimit).toBe(1);
  });

  it('holds at most maxEntries players', async () => {
    const cache = createBoostLevelCache({ maxEntries: 3, load: async () => NO_BOOSTS });
    for (let u = 1; u <= 5; u++) cache.set(u, NO_BOOSTS);
    expect(cache.size).toBe(3);
  });
});

describe.each(kinds)('boost upgrades on %s', (kind) => {
  let h: EconomyHarness;
  let nextUser = 5000;

  beforeAll(async () => {
    h = await startEconomy({ kind });
  });
  afterAll(async () => {
    await h?.close();
  });

  const upgrade = (u: number, id: string, payload?: object) =>
    h.app.inject({
      method: 'POST',
      url: `/api/v1/mining/boosts/${id}/upgrade`,
      headers: h.as(u),
      ...(payload === undefined ? {} : { payload }),
    });

  it('takes the price from the balance, raises the level, and the engine uses it at once', async () => {
    const u = await h.player(nextUser++);
    const poor = await upgrade(u, 'energyLimit');
    expect(poor.statusCode).toBe(409);
    expect(poor.json()).toMatchObject({ error: { code: 'NOT_ENOUGH_PX' } });
    // app.ts puts these details in the error body: the client can say how much is missing.
    await expect(h.economy.mining.upgradeBoost(u, 'energyLimit')).rejects.toMatchObject({
      details: { pricePx: 5, balanceMilli: 0 },
    });

    await addPx(h.db, u, 5_500);
    const r = await upgrade(u, 'energyLimit');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      success: true,
      id: 'energyLimit',
      level: 1,
      maxLevel: 6,
      paidMilli: 5_000,
      balanceMilli: 500,
      pixelCoins: 0,
      nextPricePx: 100,
      maxCharges: 12,
      reChargeSpeed: 600_000,
      rewardMultiplier: 1,
    });
    expect((await balanceOf(h.db, u)).pxMilli).toBe(500);
    expect(h.economy.mining.chargeRulesOf(u)).toEqual({ max: 12, speedMs: 600_000 });
    const status = await h.economy.mining.miningStatus(u);
    expect(status.boosts).toContainEqual({ id: 'energyLimit', level: 1, maxLevel: 6 });

    const engine = createMemoryEngine({
      rulesFor: (id) => h.economy.mining.chargeRulesOf(id),
      loadCharges: async () => ({ charges: 5, updatedAt: 0 }),
    });
    const { rules, charges } = await engine.charges(u, 12 * 600_000);
    expect(rules).toEqual({ max: 12, speedMs: 600_000 });
    expect(charges.charges).toBe(12);
    await engine.close();
  });

  it('each boost moves its own figure: recharge speed and paint reward', async () => {
    const u = await h.player(nextUser++);
    await addPx(h.db, u, 1_000_000);
    expect((await upgrade(u, 'rechargeSpeed', { fromLevel: 0 })).json()).toMatchObject({
      level: 1,
      reChargeSpeed: 570_000,
      maxCharges: 5,
    });
    expect((await upgrade(u, 'paintReward', {})).json()).toMatchObject({ level: 1, rewardMultiplier: 1.5 });
    expect((await upgrade(u, 'paintReward')).json()).toMatchObject({
      level: 2,
      rewardMultiplier: 2,
      paidMilli: 100_000,
    });
    expect(await h.economy.mining.rewardMultiplier(u)).toBe(2);
    expect((await balanceOf(h.db, u)).pxMilli).toBe(1_000_000 - 5_000 - 5_000 - 100_000);
  });

  it('refuses a stale fromLevel, a boost at its top, an unknown boost, and guests', async () => {
    const u = await h.player(nextUser++);
    await addPx(h.db, u, 10_000_000);
    expect((await upgrade(u, 'energyLimit', { fromLevel: 0 })).statusCode).toBe(200);
    const stale = await upgrade(u, 'energyLimit', { fromLevel: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: { code: 'CONFLICT' } });
    for (let level = 1; level < 6; level++) expect((await upgrade(u, 'energyLimit')).statusCode).toBe(200);
    const top = await upgrade(u, 'energyLimit');
    expect(top.statusCode).toBe(409);
    expect(top.json()).toMatchObject({ error: { code: 'MAX_LEVEL' } });
    expect(h.economy.mining.chargeRulesOf(u).max).toBe(24);
    const spent = 5 + 100 + 200 + 300 + 400 + 500;
    expect((await balanceOf(h.db, u)).pxMilli).toBe(10_000_000 - spent * 1000);
    expect((await upgrade(u, 'goldenPixel')).statusCode).toBe(400);
    expect((await upgrade(u, 'energyLimit', { fromLevel: 'x' })).statusCode).toBe(400);
    const guest = await h.app.inject({ method: 'POST', url: '/api/v1/mining/boosts/energyLimit/upgrade' });
    expect(guest.statusCode).toBe(401);
  });

  it('two concurrent upgrades with PX for one pay once', async () => {
    const u = await h.player(nextUser++);
    await addPx(h.db, u, 5_000);
    const results = await Promise.all([upgrade(u, 'rechargeSpeed'), upgrade(u, 'rechargeSpeed')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json()).toMatchObject({
      error: { code: 'NOT_ENOUGH_PX' },
    });
    expect((await balanceOf(h.db, u)).pxMilli).toBe(0);
    const rows = await h.db.query<{ level: number }>(
      "SELECT level FROM boost_upgrades WHERE user_id = $1 AND boost = 'rechargeSpeed'",
      [u],
    );
    expect(rows.map((r) => r.level)).toEqual([1]);
  });

  it('many concurrent presses of one level (same fromLevel) buy it once', async () => {
    const u = await h.player(nextUser++);
    await addPx(h.db, u, 1_000_000);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => upgrade(u, 'paintReward', { fromLevel: 0 })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(7);
    expect((await balanceOf(h.db, u)).pxMilli).toBe(1_000_000 - 5_000);
  });

  it("another instance's cache picks an upgrade up once its entry goes stale", async () => {
    const u = await h.player(nextUser++);
    let clock = 1_000;
    const other = createMiningService({
      db: h.db,
      users: h.users,
      pxPerSecond: 0.0042,
      maxSeconds: 8 * 3600,
      secretWord: null,
      baseRules: BASE,
      boostCacheTtlMs: 30_000,
      now: () => clock,
    });
    expect(other.chargeRulesOf(u)).toEqual(BASE);
    await other.loadChargeRules(u);
    await addPx(h.db, u, 5_000);
    expect((await upgrade(u, 'energyLimit')).statusCode).toBe(200);
    expect(other.chargeRulesOf(u).max).toBe(5);
    clock += 30_001;
    other.chargeRulesOf(u);
    expect(await other.loadChargeRules(u)).toEqual({ max: 12, speedMs: 600_000 });
    other.setBaseRules({ max: 30, speedMs: 1000 });
    expect(other.chargeRulesOf(u)).toEqual({ max: 30, speedMs: 1000 });
  });
});
