import { describe, expect, it } from 'vitest';
import { createTestContext, json } from '../test/harness.tsx';
import { prefetchTokenStatsWhenIdle, tokenStatsOnce } from './stats.ts';

const STATS = {
  price: 0.0734,
  market_cap: 17_983_000,
  volume: 1_254_300,
  supply: 245_000_000,
  updatedAt: '2025-01-01T00:00:00.000Z',
};
const UNAVAILABLE = { error: { code: 'UNAVAILABLE', message: 'unavailable' }, requestId: 't' };

describe('token stats', () => {
  it('are fetched once, and again only after a failure', async () => {
    let calls = 0;
    let up = false;
    const { http } = createTestContext({
      fetch: (path) => {
        if (path !== '/history/px/stats') return undefined;
        calls += 1;
        return up ? json(200, STATS) : json(503, UNAVAILABLE);
      },
    });
    await expect(tokenStatsOnce(http)).rejects.toThrow();
    expect(calls).toBe(1);
    up = true;
    await expect(tokenStatsOnce(http)).resolves.toMatchObject({ price: 0.0734 });
    await expect(tokenStatsOnce(http)).resolves.toMatchObject({ supply: 245_000_000 });
    expect(calls).toBe(2);
  });
});

describe('token stats when idle', () => {
  /** An idle scheduler the test runs by hand. */
  function manualIdle() {
    const tasks: (() => void)[] = [];
    return {
      idle: (task: () => void) => {
        tasks.push(task);
        return () => tasks.splice(tasks.indexOf(task), 1);
      },
      run: () => {
        for (const task of tasks.splice(0)) task();
      },
      get pending() {
        return tasks.length;
      },
    };
  }

  function counting() {
    let calls = 0;
    const { http } = createTestContext({
      fetch: (path) => {
        if (path !== '/history/px/stats') return undefined;
        calls += 1;
        return json(200, STATS);
      },
    });
    return { http, calls: () => calls };
  }

  it('fetches nothing when the server has no market data', () => {
    const { http, calls } = counting();
    const idle = manualIdle();
    prefetchTokenStatsWhenIdle(http, false, idle.idle);
    expect(idle.pending).toBe(0);
    idle.run();
    expect(calls()).toBe(0);
  });

  it('fetches once, in the idle callback, however often it is asked', async () => {
    const { http, calls } = counting();
    const idle = manualIdle();
    prefetchTokenStatsWhenIdle(http, true, idle.idle);
    expect(calls()).toBe(0);
    idle.run();
    expect(calls()).toBe(1);
    prefetchTokenStatsWhenIdle(http, true, idle.idle);
    idle.run();
    // the token tab then reads the same answer
    await expect(tokenStatsOnce(http)).resolves.toMatchObject({ price: 0.0734 });
    expect(calls()).toBe(1);
  });

  it('does not fetch when cancelled before the idle time (the app left)', () => {
    const { http, calls } = counting();
    const idle = manualIdle();
    const cancel = prefetchTokenStatsWhenIdle(http, true, idle.idle);
    cancel();
    idle.run();
    expect(calls()).toBe(0);
  });
});
