import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EconomyHarness, startEconomy } from '../shop/testing.ts';
import { achievementsOf, checkThresholds, grant, hasAchievement, holdersOf } from './service.ts';

describe('achievements', () => {
  let h: EconomyHarness;

  beforeAll(async () => {
    h = await startEconomy();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('grants once and reads back as the User map', async () => {
    const u = await h.player(5001);
    expect(await achievementsOf(h.db, u)).toEqual({});
    expect(await grant(h.db, u, 8)).toBe(true);
    expect(await grant(h.db, u, 8)).toBe(false);
    expect(await Promise.all([grant(h.db, u, 1), grant(h.db, u, 1)])).toEqual(
      expect.arrayContaining([true, false]),
    );
    expect(await achievementsOf(h.db, u)).toEqual({ '1': true, '8': true });
    expect(await hasAchievement(h.db, u, 8)).toBe(true);
    expect(await holdersOf(h.db, 8)).toBe(1);
    await expect(grant(h.db, u, 12)).rejects.toThrow(RangeError);
  });

  it('grants the thresholds reached, inside a transaction, once', async () => {
    const u = await h.player(5002);
    expect(await checkThresholds(h.db, u, { friends: 3, repaints: 100 })).toEqual([]);
    const first = await h.db.transaction((tx) => checkThresholds(tx, u, { friends: 70, repaints: 130_000 }));
    // 16 and 64 friends, 64k and 128k repaints, and 130,000 repaints is the platinum league.
    expect(first).toEqual([2, 3, 5, 6, 11]);
    expect(await checkThresholds(h.db, u, { friends: 70, repaints: 130_000 })).toEqual([]);
    expect(await checkThresholds(h.db, u, { friends: 10_000, repaints: 512_000 })).toEqual([4, 7, 13]);
    expect(Object.keys(await achievementsOf(h.db, u))).toEqual(['2', '3', '4', '5', '6', '7', '11', '13']);
  });
});
