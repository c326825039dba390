import { describe, expect, it } from 'vitest';
import { redisKinds, testRedis } from '../testing/redis.ts';
import { engineContract } from './engine.contract.ts';
import { createMemoryEngine } from './memory.ts';
import { createRedisEngine, engineKeys, isCanvasEmpty, markCanvasRestored } from './redis.ts';

const kinds = await redisKinds();

engineContract('memory', async (deps) => ({ engine: createMemoryEngine(deps), dispose: async () => {} }));

if (kinds.includes('redis')) {
  engineContract('redis', async (deps) => {
    const t = testRedis();
    // Two connections, two engines: two server instances sharing one Redis.
    const engine = createRedisEngine({ ...deps, redis: t.connect('engine-a') });
    const twin = createRedisEngine({ ...deps, redis: t.connect('engine-b') });
    return {
      engine,
      twin,
      dispose: async () => {
        await Promise.all([engine.close(), twin.close()]);
        await t.dispose();
      },
    };
  });

  describe('redis engine specifics', () => {
    const rules = { max: 5, speedMs: 600_000 };

    it('tells whether the canvas still has to be rebuilt from SQL', async () => {
      const t = testRedis();
      try {
        const redis = t.connect('engine');
        expect(await isCanvasEmpty(redis)).toBe(true);
        await markCanvasRestored(redis);
        expect(await isCanvasEmpty(redis)).toBe(false);
        expect(await isCanvasEmpty(redis, 'other:')).toBe(true);
      } finally {
        await t.dispose();
      }
    });

    it('keeps a paint that lands during a rebuild, even stamped by a clock behind the row', async () => {
      const t = testRedis();
      try {
        const redis = t.connect('engine');
        const e = createRedisEngine({ redis, rulesFor: () => rules, loadCharges: async () => null });
        const keys = engineKeys();
        // The rebuilding instance takes its lock, then reads SQL; meanwhile another instance
        // (its clock 5 s behind) paints and snaps into Redis.
        await redis.set(keys.restoring, 'rebuilder');
        const t0 = 5_000_000;
        await e.paint({ userId: 7, pixelId: 42, color: 3, now: t0 });
        await e.paintBulk({ userId: 8, color: 4, pixelIds: Uint32Array.of(90_000, 90_001), now: t0 });
        const row = { color: 1, userId: 2, paintedAt: t0 + 5_000 };
        await e.restorePixels([41, 42, 43, 89_999, 90_001].map((id) => ({ id, ...row })));
        expect(await e.pixel(42)).toEqual({ color: 3, userId: 7, paintedAt: t0 });
        expect(await e.pixel(90_001)).toEqual({ color: 4, userId: 8, paintedAt: t0 });
        expect(await e.pixel(90_000)).toEqual({ color: 4, userId: 8, paintedAt: t0 });
        for (const id of [41, 43, 89_999]) expect(await e.pixel(id)).toEqual(row);
        const c = await e.canvas();
        expect([c[40], c[41], c[42], c[89_998], c[89_999], c[90_000]]).toEqual([1, 3, 1, 1, 4, 4]);

        // With the rebuild over, its marks go and paints are no longer marked.
        await redis.del(keys.restoring, keys.touched);
        await e.paint({ userId: 7, pixelId: 500, color: 3, now: t0 });
        expect(await redis.exists(keys.touched)).toBe(0);
        await e.close();
      } finally {
        await t.dispose();
      }
    });

    it('fails a malformed paint alone, not the paints sent with it', async () => {
      const t = testRedis();
      try {
        const e = createRedisEngine({
          redis: t.connect('engine'),
          rulesFor: () => rules,
          loadCharges: async () => null,
        });
        const [bad, good, badUser] = await Promise.allSettled([
          e.paint({ userId: 1, pixelId: 0, color: 1, now: 1 }),
          e.paint({ userId: 1, pixelId: 1, color: 1, now: 1 }),
          e.paint({ userId: 1.5, pixelId: 1, color: 1, now: 1 }),
        ]);
        expect(bad.status).toBe('rejected');
        expect(badUser.status).toBe('rejected');
        expect(good).toMatchObject({ status: 'fulfilled', value: { ok: true } });
      } finally {
        await t.dispose();
      }
    });

    it('replaces an unreadable stored charge state with the one from SQL', async () => {
      const t = testRedis();
      try {
        const redis = t.connect('engine');
        await redis.hset(engineKeys().charges, '7', 'garbage');
        const e = createRedisEngine({
          redis,
          rulesFor: () => rules,
          loadCharges: async () => ({ charges: 2, updatedAt: 100 }),
        });
        expect(await e.paint({ userId: 7, pixelId: 1, color: 1, now: 200 })).toMatchObject({
          ok: true,
          charges: { charges: 1, updatedAt: 100 },
        });
      } finally {
        await t.dispose();
      }
    });
  });
}
