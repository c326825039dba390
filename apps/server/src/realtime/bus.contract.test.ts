import { describe, expect, it } from 'vitest';
import { redisKinds, TEST_REDIS_URL, testRedis } from '../testing/redis.ts';
import { busContract } from './bus.contract.ts';
import { createMemoryBus } from './bus.ts';
import { createRedisBus } from './redis-bus.ts';

const kinds = await redisKinds();

// The memory bus is single-process: both "instances" are the same object.
busContract('memory', async () => {
  const bus = createMemoryBus();
  return { a: bus, b: bus, dispose: () => bus.close() };
});

if (kinds.includes('redis')) {
  busContract('redis', async () => {
    const t = testRedis();
    // One bus owning its connections (from a URL), one on caller-owned clients: both ways in use.
    const a = await createRedisBus({ url: TEST_REDIS_URL, prefix: t.prefix });
    const b = await createRedisBus({
      prefix: t.prefix,
      publisher: t.connect('bus-pub', { keyPrefix: false }),
      subscriber: t.connect('bus-sub', { keyPrefix: false, autoPipelining: false }),
    });
    return {
      a,
      b,
      dispose: async () => {
        await Promise.all([a.close(), b.close()]);
        await t.dispose();
      },
    };
  });
}

if (kinds.includes('redis')) {
  describe('redis bus', () => {
    it('sends the pixel changes published in one event-loop turn as one message, in order', async () => {
      const t = testRedis();
      const a = await createRedisBus({ url: TEST_REDIS_URL, prefix: t.prefix });
      const b = await createRedisBus({ url: TEST_REDIS_URL, prefix: t.prefix });
      try {
        const got: number[][] = [];
        b.subscribe({ pixels: (changes) => got.push(changes.map((c) => c.pixelId)) });
        await Promise.all([1, 2, 3].map((id) => a.publishPixels([{ pixelId: id, color: 1 }])));
        await a.publishPixels([{ pixelId: 4, color: 1 }]);
        const end = Date.now() + 3_000;
        while (got.length < 2 && Date.now() < end) await new Promise((r) => setTimeout(r, 2));
        expect(got).toEqual([[1, 2, 3], [4]]);
      } finally {
        await Promise.all([a.close(), b.close()]);
        await t.dispose();
      }
    });
  });
}
