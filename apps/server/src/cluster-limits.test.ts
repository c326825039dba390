/**
 * Rate limits in cluster mode (two instances on one PostgreSQL and one Redis): a player's paints
 * and an IP's requests are counted once for the cluster, not once per instance.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { solid, upload } from './modules/templates/testing.ts';
import {
  api,
  createTestStore,
  dbKinds,
  type RunningApp,
  startApp,
  telegramSignIn,
  testConfig,
} from './testing/harness.ts';
import { redisAvailable, redisRequired, TEST_REDIS_URL, testPrefix } from './testing/redis.ts';

const cluster = (await redisAvailable()) && (await dbKinds()).includes('postgres');
if (!cluster && redisRequired) throw new Error('Redis and PostgreSQL are required for the cluster tests');

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function twoInstances(env: Record<string, string>): Promise<[RunningApp, RunningApp]> {
  const store = await createTestStore('postgres');
  cleanups.push(() => store.dispose());
  const config = testConfig({
    DATABASE_URL: store.url!,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: testPrefix(),
    ...env,
  });
  const one = await startApp(store, config);
  cleanups.push(() => one.stop());
  const two = await startApp(store, config);
  cleanups.push(() => two.stop());
  return [one, two];
}

describe.runIf(cluster)('rate limits across two instances', () => {
  it('holds a burst of paints at both instances to RATE_LIMIT_PAINTS_PER_SECOND, burst ×2', async () => {
    const rate = 2;
    const [one, two] = await twoInstances({ RATE_LIMIT_PAINTS_PER_SECOND: String(rate) });
    const p = await telegramSignIn(one.baseUrl, { id: 7_400_001, first_name: 'Flood' });
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const r = await api((i % 2 ? one : two).baseUrl, 'POST', '/api/v1/repaint/start', {
          token: p.token,
          body: { pixelId: 100 + i, newColor: '#000000' },
        });
        return r.status;
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const let_through = statuses.filter((s) => s !== 429).length;
    // Painted (200) or out of charges (409): what the limit let through.
    expect(statuses.every((s) => s === 200 || s === 409 || s === 429)).toBe(true);
    expect(let_through).toBeGreaterThanOrEqual(2 * rate);
    expect(let_through).toBeLessThanOrEqual(2 * rate + Math.floor(rate * seconds));
  });

  it("counts a player's template uploads once for the cluster", async () => {
    // 6 an hour: bursts of 3.
    const [one, two] = await twoInstances({ TEMPLATE_UPLOADS_PER_HOUR: '6' });
    const p = await telegramSignIn(one.baseUrl, { id: 7_400_101, first_name: 'Uploader' });
    const png = await solid(3, 8);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await upload((i % 2 ? one : two).baseUrl, '/image/template/upload', p.token, png)).status,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
  });

  it('counts requests per IP once for the cluster', async () => {
    const [one, two] = await twoInstances({ RATE_LIMIT_IP_PER_MINUTE: '20' });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await api((i % 2 ? one : two).baseUrl, 'GET', '/api/v1/config')).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
  });
});
