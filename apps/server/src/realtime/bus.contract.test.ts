import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import { createRedis } from '../lib/redis.ts';
import { redisKinds, TEST_REDIS_URL, testRedis } from '../testing/redis.ts';
import { busContract } from './bus.contract.ts';
import type { Bus } from './bus.ts';
import { createMemoryBus } from './bus.ts';
import { busChannelPrefix, createRedisBus } from './redis-bus.ts';

const kinds = await redisKinds();

/** TEST_REDIS_URL on another database number. */
function onDatabase(db: number): string {
  const url = new URL(TEST_REDIS_URL);
  url.pathname = `/${db}`;
  return url.toString();
}

// The memory bus is single-process: both "instances" are the same object.
busContract('memory', async () => {
  const bus = createMemoryBus();
  return { a: bus, b: bus, dispose: () => bus.close() };
});

if (kinds.includes('redis')) {
  busContract('redis', async () => {
    const t = testRedis();
    // One bus owning its connections (from a URL), one on caller-owned clients: both ways in use,
    // two instances of one wall.
    const a = await createRedisBus({ url: TEST_REDIS_URL, prefix: t.prefix, wall: 'contract-wall' });
    const b = await createRedisBus({
      prefix: t.prefix,
      wall: 'contract-wall',
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

    it('names the database in the channels, except database 0 whose names stay as they were', () => {
      expect(busChannelPrefix('pw:', 0)).toBe('pw:bus:');
      expect(busChannelPrefix('pw:', 7)).toBe('pw:bus:7:');
    });

    it('keeps two walls that differ only by database number apart (pub/sub ignores it)', async () => {
      const t = testRedis();
      const seven = createRedis(onDatabase(7), { name: 'test-db7' });
      const buses: Bus[] = [];
      try {
        const zero = await createRedisBus({ url: TEST_REDIS_URL, prefix: t.prefix, wall: 'wall-on-0' });
        buses.push(zero);
        const sevenA = await createRedisBus({ url: onDatabase(7), prefix: t.prefix, wall: 'wall-on-7' });
        buses.push(sevenA);
        const sevenB = await createRedisBus({ url: onDatabase(7), prefix: t.prefix, wall: 'wall-on-7' });
        buses.push(sevenB);
        const got: number[][] = [];
        sevenB.subscribe({ pixels: (changes) => got.push(changes.map((c) => c.pixelId)) });
        // Published (and so handed to every subscriber) before database 7's own change.
        await zero.publishPixels([{ pixelId: 1, color: 1 }]);
        await sevenA.publishPixels([{ pixelId: 7, color: 1 }]);
        const end = Date.now() + 3_000;
        while (got.length < 1 && Date.now() < end) await new Promise((r) => setTimeout(r, 2));
        expect(got).toEqual([[7]]);
      } finally {
        await Promise.all(buses.map((b) => b.close()));
        await seven.del(`${t.prefix}bus:wall`);
        seven.disconnect();
        await t.dispose();
      }
    });

    it("refuses to start on channels another wall's data holds, naming REDIS_PREFIX", async () => {
      const t = testRedis();
      const first = await createRedisBus({ url: TEST_REDIS_URL, prefix: t.prefix, wall: 'first-wall' });
      try {
        const refused = createRedisBus({ url: TEST_REDIS_URL, prefix: t.prefix, wall: 'second-wall' });
        await expect(refused).rejects.toThrow(ConfigError);
        await expect(refused).rejects.toThrow(/REDIS_PREFIX.*database 0.*another wall \(first-wall/s);
        // Another instance of the same wall joins.
        const again = await createRedisBus({ url: TEST_REDIS_URL, prefix: t.prefix, wall: 'first-wall' });
        await again.close();
      } finally {
        await first.close();
        await t.dispose();
      }
    });

    it('refuses to start when a running wall answers its hello, though its key is gone', async () => {
      const t = testRedis();
      const running = await createRedisBus({ url: TEST_REDIS_URL, prefix: t.prefix, wall: 'running-wall' });
      const keys = t.connect('keys', { keyPrefix: false });
      try {
        // As after Redis restarted empty while the wall ran.
        await keys.del(`${t.prefix}bus:wall`);
        await expect(
          createRedisBus({ url: TEST_REDIS_URL, prefix: t.prefix, wall: 'newcomer-wall' }),
        ).rejects.toThrow(/another wall \(running-wall/);
      } finally {
        await running.close();
        await t.dispose();
      }
    });
  });
}
