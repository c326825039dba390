import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, isNotConfigured } from '../../errors.ts';
import { dbKinds } from '../../testing/harness.ts';
import { type EconomyHarness, startEconomy, TEST_SECRET_WORD } from '../shop/testing.ts';
import { balanceOf, pixelCoinsOf } from './balance.ts';
import { createMiningService, SECRET_WORD_GUESS_BURST, SECRET_WORD_GUESS_SECONDS } from './service.ts';

const kinds = await dbKinds();
const HOUR = 3_600_000;
let clock = Date.UTC(2026, 10, 22, 8);

describe.each(kinds)('mining on %s', (kind) => {
  let h: EconomyHarness;
  let nextUser = 3000;

  beforeAll(async () => {
    h = await startEconomy({ kind, now: () => clock });
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = (u: number, url: string) => h.app.inject({ method: 'GET', url, headers: h.as(u) });

  it('accrues 0.0042 PX/s from the first look, for at most 8 hours', async () => {
    const u = await h.player(nextUser++);
    const start = clock;
    expect(await h.economy.mining.miningStatus(u, start)).toEqual({
      coins: 0,
      fromStart: 0,
      fromUpdate: 0,
      maxMiningTime: 28_800,
      speedPerSecond: 0.0042,
      boosts: [
        { id: 'energyLimit', level: 0, maxLevel: 6 },
        { id: 'rechargeSpeed', level: 0, maxLevel: 10 },
        { id: 'paintReward', level: 0, maxLevel: 6 },
      ],
      tasks: [{ id: 'secretWord', done: false }],
    });
    expect(await h.economy.mining.miningStatus(u, start + 1000 * 1000)).toMatchObject({
      coins: 4.2,
      fromStart: 1000,
      fromUpdate: 1000,
    });
    expect(await h.economy.mining.miningStatus(u, start + 10 * HOUR)).toMatchObject({
      coins: 120.96,
      fromStart: 28_800,
      fromUpdate: 36_000,
    });
  });

  it('a claim moves the accrued PX into the balance once and restarts the clock', async () => {
    const u = await h.player(nextUser++);
    await h.economy.mining.miningStatus(u, clock);
    clock += HOUR;
    const r = await get(u, '/api/v1/mining/claim');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      success: true,
      claimed: 15.12,
      claimedMilli: 15_120,
      balanceMilli: 15_120,
      pixelCoins: 15,
    });
    expect((await get(u, '/api/v1/mining/claim')).json()).toMatchObject({ claimed: 0, balanceMilli: 15_120 });
    expect(await h.economy.mining.miningStatus(u, clock)).toMatchObject({ coins: 0, fromStart: 0 });
    expect(await balanceOf(h.db, u)).toEqual({ pxMilli: 15_120, pixelCoins: 15, balanceSharePercent: 0 });
  });

  it('concurrent claims pay once', async () => {
    const u = await h.player(nextUser++);
    await h.economy.mining.miningStatus(u, clock);
    clock += 2 * HOUR;
    const results = await Promise.all(Array.from({ length: 12 }, () => h.economy.mining.claim(u, clock)));
    expect(results.filter((r) => r.claimedMilli > 0)).toHaveLength(1);
    expect(results.reduce((s, r) => s + r.claimedMilli, 0)).toBe(30_240);
    expect((await balanceOf(h.db, u)).pxMilli).toBe(30_240);
  });

  it('the secret word grants Ghost Pixel once; a wrong one is 400', async () => {
    const u = await h.player(nextUser++);
    const post = (word: string) =>
      h.app.inject({
        method: 'POST',
        url: '/api/v1/mining/quest/check/secretWord',
        headers: h.as(u),
        payload: { secret_word: word },
      });
    const wrong = await post('nope');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: { code: 'WRONG_SECRET_WORD' } });
    expect((await post(` ${TEST_SECRET_WORD.toUpperCase()} `)).json()).toEqual({
      success: true,
      achievementId: 10,
      granted: true,
    });
    expect((await post(TEST_SECRET_WORD)).json()).toEqual({
      success: true,
      achievementId: 10,
      granted: false,
    });
    expect((await post('')).statusCode).toBe(400);
    expect((await get(u, '/api/v1/mining/quest/stats')).json()).toEqual({
      quests: [{ id: 'secretWord', done: true, completedBy: 1, open: true }],
    });
    expect((await h.economy.mining.miningStatus(u)).tasks).toEqual([{ id: 'secretWord', done: true }]);
  });

  it('quest stats count the players who found the word; a newcomer has not', async () => {
    const u = await h.player(nextUser++);
    const stats = (await get(u, '/api/v1/mining/quest/stats')).json();
    expect(stats).toEqual({ quests: [{ id: 'secretWord', done: false, completedBy: 1, open: true }] });
    expect((await h.app.inject({ method: 'GET', url: '/api/v1/mining/quest/stats' })).statusCode).toBe(401);
  });

  it('refuses bad guesses at the edge: too long, not a string, extra fields, spaces only', async () => {
    const u = await h.player(nextUser++);
    const bodies = [
      { secret_word: 'x'.repeat(129) },
      { secret_word: 42 },
      { secret_word: TEST_SECRET_WORD, extra: 1 },
      { secret_word: '   ' },
      {},
    ];
    for (const payload of bodies) {
      const r = await h.app.inject({
        method: 'POST',
        url: '/api/v1/mining/quest/check/secretWord',
        headers: h.as(u),
        payload,
      });
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(r.json().error.code).toBe('BAD_REQUEST');
    }
    // A word of the longest length is a guess (wrong), not a bad request.
    const longest = await h.app.inject({
      method: 'POST',
      url: '/api/v1/mining/quest/check/secretWord',
      headers: h.as(u),
      payload: { secret_word: 'x'.repeat(128) },
    });
    expect(longest.json().error.code).toBe('WRONG_SECRET_WORD');
  });

  it('limits guessing per player: a burst, then one guess every few seconds (429 RATE_LIMITED)', async () => {
    const u = await h.player(nextUser++);
    const other = await h.player(nextUser++);
    const post = (who: number, word: string) =>
      h.app.inject({
        method: 'POST',
        url: '/api/v1/mining/quest/check/secretWord',
        headers: h.as(who),
        payload: { secret_word: word },
      });
    for (let i = 0; i < SECRET_WORD_GUESS_BURST; i++) {
      expect((await post(u, `guess-${i}`)).json().error.code).toBe('WRONG_SECRET_WORD');
    }
    const limited = await post(u, TEST_SECRET_WORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    await expect(h.economy.mining.checkSecretWord(u, TEST_SECRET_WORD)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      details: { retryAfterSeconds: SECRET_WORD_GUESS_SECONDS },
    });
    // The right word while limited grants nothing.
    expect((await get(u, '/api/v1/mining/quest/stats')).json().quests[0].done).toBe(false);
    // Another player's bucket is their own.
    expect((await post(other, 'guess')).json().error.code).toBe('WRONG_SECRET_WORD');
    clock += SECRET_WORD_GUESS_SECONDS * 1000;
    expect((await post(u, TEST_SECRET_WORD)).json()).toMatchObject({ success: true, granted: true });
    expect((await post(u, 'again')).statusCode).toBe(429);
  });

  it('without a secret word the quest is closed: a guess is 503 not configured, stats say so', async () => {
    const u = await h.player(nextUser++);
    const closed = createMiningService({
      db: h.db,
      users: h.users,
      pxPerSecond: 0.0042,
      maxSeconds: 28_800,
      secretWord: null,
      now: () => clock,
    });
    const refused = await closed.checkSecretWord(u, 'anything').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'UNAVAILABLE', status: 503, details: { configured: false } });
    expect(isNotConfigured(refused)).toBe(true);
    expect(await closed.questStats(u)).toEqual({
      quests: [{ id: 'secretWord', done: false, completedBy: expect.any(Number), open: false }],
    });
  });

  it('is for signed-in players only', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/api/v1/mining/claim' })).statusCode).toBe(401);
  });
});

describe('pixel coins', () => {
  it('are milli-PX / 1000 rounded down', () => {
    expect(pixelCoinsOf(0)).toBe(0);
    expect(pixelCoinsOf(999)).toBe(0);
    expect(pixelCoinsOf(1000)).toBe(1);
    expect(pixelCoinsOf(120_960)).toBe(120);
  });
});
