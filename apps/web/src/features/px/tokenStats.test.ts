import { describe, expect, it } from 'vitest';
import { createTestContext, json } from '../../test/harness.tsx';
import { tokenStatsOnce } from './tokenStats.ts';

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
