import { afterEach, describe, expect, it } from 'vitest';
import { redisKinds, type TestRedis, testRedis } from '../testing/redis.ts';
import { createRateLimiter, type RateLimiter } from './rate-limiter.ts';

const kinds = await redisKinds();
const cleanups: TestRedis[] = [];
afterEach(async () => {
  for (const t of cleanups.splice(0)) await t.dispose();
});

/** Two instances' limiters over one store: one Redis, or (embedded) one process. */
function pair(kind: 'memory' | 'redis', rate: number, burst: number): [RateLimiter, RateLimiter] {
  if (kind === 'memory') {
    const one = createRateLimiter({ name: 'paints', rate, burst, redis: null });
    return [one, one];
  }
  const t = testRedis();
  cleanups.push(t);
  const make = (n: string) =>
    createRateLimiter({
      name: 'paints',
      rate,
      burst,
      redis: t.connect(n, { keyPrefix: false }),
      prefix: t.prefix,
    });
  return [make('a'), make('b')];
}

describe.each(kinds)('rate limiter (%s)', (kind) => {
  it('lets a burst through, refuses the rest, and refills at the rate', async () => {
    const [a, b] = pair(kind, 20, 4);
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).take(7)));
    expect(burst.filter(Boolean)).toHaveLength(4);
    // Another key has its own bucket.
    expect(await a.take(8)).toBe(true);
    await new Promise((r) => setTimeout(r, 160));
    // 160 ms at 20/s: three tokens, however late the timer; never more than the burst.
    const later: boolean[] = [];
    for (let i = 0; i < 6; i++) later.push(await (i % 2 ? a : b).take(7));
    expect(later.filter(Boolean).length).toBeGreaterThanOrEqual(3);
    expect(later.filter(Boolean).length).toBeLessThanOrEqual(4);
  });

  it('takes nothing when a cost is larger than what is left', async () => {
    const [a] = pair(kind, 1, 3);
    expect(await a.take('u', 2)).toBe(true);
    expect(await a.take('u', 2)).toBe(false);
    expect(await a.take('u', 1)).toBe(true);
    expect(await a.take('u', 1)).toBe(false);
  });
});

it('refuses a rate or burst that cannot work', () => {
  expect(() => createRateLimiter({ name: 'x', rate: 0, burst: 1, redis: null })).toThrow(RangeError);
  expect(() => createRateLimiter({ name: 'x', rate: 1, burst: 0, redis: null })).toThrow(RangeError);
});
