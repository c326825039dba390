import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countsOf } from '../items/inventory.ts';
import { type EconomyHarness, startEconomy } from '../shop/testing.ts';
import {
  decidePaintReward,
  grantGoods,
  grantToken,
  paintRewardDraw,
  paintRewardPx,
  recordPaintReward,
  trimDecimal,
} from './service.ts';

describe('decidePaintReward', () => {
  it('is deterministic for a seed and pays about one paint in N, an item or PX about half each', () => {
    const a = decidePaintReward('seed', 50, 1, 2, 3);
    expect(decidePaintReward('seed', 50, 1, 2, 3)).toEqual(a);
    let hits = 0;
    let tokens = 0;
    for (let i = 0; i < 20_000; i++) {
      const d = decidePaintReward('seed', 50, 7, 1 + (i % 1000), 1_700_000_000_000 + i);
      if (!d) continue;
      hits++;
      if (d.type === 'token') {
        tokens++;
        expect(d).toEqual({ type: 'token', basePx: 2 });
      } else {
        expect([1, 2, 6, 7]).toContain(d.productId);
        expect(d).toMatchObject({ type: 'goods', quantity: 1 });
      }
    }
    expect(hits).toBeGreaterThan(300);
    expect(hits).toBeLessThan(500);
    expect(tokens / hits).toBeGreaterThan(0.35);
    expect(tokens / hits).toBeLessThan(0.65);
    const other = Array.from({ length: 2000 }, (_, i) => decidePaintReward('other', 50, 7, 1, i) !== null);
    const same = Array.from({ length: 2000 }, (_, i) => decidePaintReward('seed', 50, 7, 1, i) !== null);
    expect(other).not.toEqual(same);
    // the service's draw made once decides exactly as the seed's string
    const draw = paintRewardDraw('seed');
    expect(Array.from({ length: 2000 }, (_, i) => decidePaintReward(draw, 50, 7, 1, i) !== null)).toEqual(
      same,
    );
    // every part of the paint counts: players up to 2^53, pixels, times to the millisecond
    const big = Number.MAX_SAFE_INTEGER;
    expect(draw(big, 1_048_576, 1_700_000_000_000)).toHaveLength(16);
    const blocks = [
      draw(7, 1, 5),
      draw(7 + 2 ** 32, 1, 5),
      draw(7, 2, 5),
      draw(7, 1, 6),
      draw(big, 1, 5),
    ].map((b) => b.toString('hex'));
    expect(new Set(blocks).size).toBe(blocks.length);
    expect(decidePaintReward('seed', 0, 1, 2, 3)).toBeNull();
    expect(decidePaintReward('seed', 1, 1, 2, 3)).not.toBeNull();
  });

  it('trims numeric scale digits', () => {
    expect(trimDecimal('1.000000000')).toBe('1');
    expect(trimDecimal('1.500000000')).toBe('1.5');
    expect(trimDecimal('10')).toBe('10');
    expect(trimDecimal('0.000000001')).toBe('0.000000001');
  });
});

describe('rewards', () => {
  let h: EconomyHarness;
  let nextUser = 4000;

  beforeAll(async () => {
    h = await startEconomy();
  });
  afterAll(async () => {
    await h?.close();
  });

  const call = (u: number | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    h.app.inject({ method, url, headers: u === null ? {} : h.as(u), payload });

  it('a paint reward is recorded as goods, listed unclaimed, claimed into the inventory once', async () => {
    const u = await h.player(nextUser++);
    const result = await recordPaintReward(h.db, u, { type: 'goods', productId: 7, quantity: 1 });
    expect(result).toEqual({ reward: 1, reward_type: 'goods', reward_user: expect.any(Number) });
    expect(await recordPaintReward(h.db, u, null)).toEqual({
      reward: 0,
      reward_type: null,
      reward_user: null,
    });

    const list = await call(u, 'GET', '/api/v1/rewards/unclaimed/list');
    expect(list.json()).toEqual({
      list: [{ id: result.reward_user, good_id: 7, name: 'Pumpkin', image_url: '/goods/pumpkin.webp' }],
    });
    const other = await h.player(nextUser++);
    const stolen = await call(other, 'POST', '/api/v1/rewards/claim', {
      user_id: u,
      reward_user_id: result.reward_user,
    });
    expect(stolen.statusCode).toBe(403);
    const notMine = await call(other, 'POST', '/api/v1/rewards/claim', {
      user_id: other,
      reward_user_id: result.reward_user,
    });
    expect(notMine.statusCode).toBe(404);

    const claim = await call(u, 'POST', '/api/v1/rewards/claim', {
      user_id: u,
      reward_user_id: result.reward_user,
    });
    expect(claim.statusCode).toBe(204);
    expect(await countsOf(h.db, u)).toEqual({ '7': 1 });
    expect((await call(u, 'GET', '/api/v1/rewards/unclaimed/list')).json()).toEqual({ list: [] });
    const again = await call(u, 'POST', '/api/v1/rewards/claim', {
      user_id: u,
      reward_user_id: result.reward_user,
    });
    expect(again.statusCode).toBe(409);
    expect(await countsOf(h.db, u)).toEqual({ '7': 1 });
  });

  it('paintReward records only the paints the seeded draw picks', async () => {
    const u = await h.player(nextUser++);
    const results = [];
    for (let i = 0; i < 3000; i++)
      results.push(await h.economy.rewards.paintReward(u, 1 + i, 1_800_000_000_000));
    const hits = results.filter((r) => r.reward_type === 'goods');
    const tokens = results.filter((r) => r.reward_type === 'token');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.length + tokens.length).toBeLessThan(20);
    const listed = (await call(u, 'GET', '/api/v1/rewards/unclaimed/list')).json() as {
      list: { id: number }[];
    };
    expect(listed.list.map((r) => r.id)).toEqual(hits.map((r) => r.reward_user));
    const paid = (await call(u, 'GET', `/api/v1/rewards/tokens/${u}`)).json() as { list: { id: number }[] };
    expect(paid.list.map((r) => r.id).sort()).toEqual(tokens.map((r) => r.reward_user).sort());
  });

  it('a PX paint reward is the base times the paint-reward boost, and claimable as a token', async () => {
    const u = await h.player(nextUser++);
    const win = { type: 'token', basePx: 2 } as const;
    const at = async (level: number | null) => {
      if (level !== null) {
        await h.db.query(
          `INSERT INTO mining (user_id, last_claim_at, reward_level) VALUES ($1, 0, $2)
           ON CONFLICT (user_id) DO UPDATE SET reward_level = EXCLUDED.reward_level`,
          [u, level],
        );
      }
      return recordPaintReward(h.db, u, win);
    };
    expect(await at(null)).toEqual({ reward: 2, reward_type: 'token', reward_user: expect.any(Number) });
    expect((await at(1)).reward).toBe(3);
    expect((await at(3)).reward).toBe(5);
    const top = await at(6);
    expect(top.reward).toBe(8);
    const list = (await call(u, 'GET', `/api/v1/rewards/tokens/${u}`)).json() as {
      list: { id: number; amount: string; token: string; status: string | null; description: string }[];
    };
    expect(list.list[0]).toMatchObject({
      id: top.reward_user,
      amount: '8',
      token: 'PX',
      status: null,
      description: '×4 paint reward boost',
    });
    expect(paintRewardPx(2, 1.5)).toBe('3');
    expect(paintRewardPx(1.5, 1.5)).toBe('2.25');
  });

  it('concurrent claims of one goods reward add the item once', async () => {
    const u = await h.player(nextUser++);
    const id = await grantGoods(h.db, u, 2, 3, 'test');
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => h.economy.rewards.claimGoods(u, u, id)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await countsOf(h.db, u)).toEqual({ '2': 3 });
  });

  it('token rewards: null → pending on claim or burn, ignored (409) while pending, done on success', async () => {
    const u = await h.player(nextUser++);
    const a = await grantToken(h.db, u, { amount: '12.5', name: 'Hidden template', source: 'test' });
    const b = await grantToken(h.db, u, { amount: '3', name: 'Hidden template', source: 'test' });

    const progress = await call(u, 'GET', '/api/v1/rewards/tokens/obtain/progress');
    expect(progress.json()).toEqual({ total: '15.5', count: 2, reward_size: '15.5' });

    const claim = await call(u, 'POST', '/api/v1/tx-reward/claim', { reward_id: a });
    expect(claim.statusCode).toBe(200);
    expect(claim.json()).toEqual({ success: true, status: 'pending' });
    const twice = await call(u, 'POST', '/api/v1/tx-reward/burn', { reward_id: a });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      error: { code: 'ALREADY_CLAIMED', message: 'This reward is already being processed.' },
    });
    expect((await call(u, 'POST', '/api/v1/tx-reward/burn', { reward_id: b })).statusCode).toBe(200);
    expect((await call(u, 'POST', '/api/v1/tx-reward/claim', { reward_id: 999_999 })).statusCode).toBe(404);

    expect(await h.economy.rewards.completeTokenAction(a, 'abc123')).toBe(true);
    expect(await h.economy.rewards.completeTokenAction(a, 'abc123')).toBe(false);
    const list = (await call(u, 'GET', `/api/v1/rewards/tokens/${u}`)).json() as {
      list: Record<string, unknown>[];
      total: number;
    };
    expect(list.total).toBe(2);
    expect(list.list).toEqual([
      expect.objectContaining({
        id: b,
        type: 'token',
        token: 'PX',
        amount: '3',
        currency_id: 10,
        status: 'pending',
        is_claimed: true,
      }),
      expect.objectContaining({ id: a, amount: '12.5', status: 'success', hash: 'abc123', reward_user: a }),
    ]);
    expect((await call(u, 'GET', '/api/v1/rewards/tokens/obtain/progress')).json()).toEqual({
      total: '15.5',
      count: 2,
      reward_size: '0',
    });
  });

  it("someone else's token rewards: only for admins", async () => {
    const u = await h.player(nextUser++);
    const other = await h.player(nextUser++);
    await h.player(9_000_001, 'Admin');
    expect((await call(other, 'GET', `/api/v1/rewards/tokens/${u}`)).statusCode).toBe(403);
    expect((await call(9_000_001, 'GET', `/api/v1/rewards/tokens/${u}`)).statusCode).toBe(200);
    expect((await call(null, 'GET', `/api/v1/rewards/tokens/${u}`)).statusCode).toBe(401);
    expect((await call(u, 'GET', '/api/v1/rewards/tokens/abc')).statusCode).toBe(400);
  });
});
