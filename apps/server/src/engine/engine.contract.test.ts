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
