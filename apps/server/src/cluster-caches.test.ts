/**
 * Two instances of the app on one PostgreSQL and one Redis, as behind a load balancer: a change to
 * a player made through one instance must not leave the other serving what it cached before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ControlMessage } from './realtime/bus.ts';
import { createRedisBus } from './realtime/redis-bus.ts';
import {
  api,
  createTestStore,
  dbKinds,
  type RunningApp,
  startApp,
  type TestStore,
  telegramSignIn,
  testConfig,
} from './testing/harness.ts';
import { redisAvailable, redisRequired, TEST_REDIS_URL, testPrefix } from './testing/redis.ts';

const cluster = (await redisAvailable()) && (await dbKinds()).includes('postgres');
if (!cluster && redisRequired) throw new Error('Redis and PostgreSQL are required for the cluster tests');

const ADMIN = 7_300_001;

describe.runIf(cluster)('player caches across two instances', () => {
  let store: TestStore;
  let one: RunningApp;
  let two: RunningApp;
  const heard: ControlMessage[] = [];
  let closeListener: () => Promise<void> = async () => {};

  beforeAll(async () => {
    store = await createTestStore('postgres');
    const prefix = testPrefix();
    const config = testConfig({
      DATABASE_URL: store.url!,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      ADMIN_IDS: String(ADMIN),
    });
    one = await startApp(store, config);
    two = await startApp(store, config);
    // A third subscriber of the same bus: a message it heard has reached both instances' Redis
    // connections too.
    const listener = await createRedisBus({ url: TEST_REDIS_URL, prefix });
    listener.subscribe({ control: (m) => void heard.push(m) });
    closeListener = () => listener.close();
  }, 60_000);

  afterAll(async () => {
    await closeListener();
    await two?.stop();
    await one?.stop();
    await store?.dispose();
  });

  /** Waits (at most 2 s) until the bus carried a message about the player, then a little more. */
  async function announced(userId: number): Promise<void> {
    for (let waited = 0; waited < 2_000; waited += 20) {
      if (heard.some((m) => m.userId === userId)) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  const paint = (base: string, token: string, pixelId: number) =>
    api<{ maxCharges: number }>(base, 'POST', '/api/v1/repaint/start', {
      token,
      body: { pixelId, newColor: '#000000' },
    });

  it('applies a boost bought through one instance on the other at once', async () => {
    const id = 7_300_101;
    const p = await telegramSignIn(one.baseUrl, { id, first_name: 'Booster' });
    await one.db.query('INSERT INTO balances (user_id, px_milli) VALUES ($1, $2)', [id, 1_000_000]);
    // The other instance has the player's levels cached: level 0, 5 charges at most.
    const before = await paint(two.baseUrl, p.token, 1);
    expect(before.status).toBe(200);
    expect(before.body.maxCharges).toBe(5);

    const up = await api<{ maxCharges: number }>(
      one.baseUrl,
      'POST',
      '/api/v1/mining/boosts/energyLimit/upgrade',
      { token: p.token, body: {} },
    );
    expect(up.status).toBe(200);
    expect(up.body.maxCharges).toBe(12);
    await announced(id);

    const after = await paint(two.baseUrl, p.token, 2);
    expect(after.status).toBe(200);
    expect(after.body.maxCharges).toBe(12);
  });

  it("refuses a demoted moderator's ban on the other instance at once", async () => {
    const admin = await telegramSignIn(one.baseUrl, { id: ADMIN, first_name: 'Admin' });
    const mod = await telegramSignIn(one.baseUrl, { id: 7_300_201, first_name: 'Mod' });
    await telegramSignIn(one.baseUrl, { id: 7_300_202, first_name: 'Pat' });
    const setRole = (role: string) =>
      api(one.baseUrl, 'PUT', '/api/v1/admin/role/7300201', { token: admin.token, body: { role } });
    const act = (action: 'ban' | 'unban') =>
      api(two.baseUrl, 'PUT', `/api/v1/admin/${action}/7300202`, { token: mod.token, body: {} });

    expect((await setRole('moderator')).status).toBe(204);
    await announced(7_300_201);
    // The other instance now has the moderator's role cached.
    expect((await act('ban')).status).toBe(204);
    expect((await act('unban')).status).toBe(204);

    heard.length = 0;
    expect((await setRole('player')).status).toBe(204);
    await announced(7_300_201);
    const refused = await act('ban');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'FORBIDDEN' } });
    const [row] = await one.db.query<{ banned: boolean }>(
      'SELECT banned_at IS NOT NULL AS banned FROM users WHERE id = $1',
      [7_300_202],
    );
    expect(row?.banned).toBe(false);
  });

  it('credits a squad joined through one instance in what the other shows', async () => {
    const id = 7_300_301;
    const p = await telegramSignIn(one.baseUrl, { id, first_name: 'Squaddie' });
    const [squad] = await one.db.query<{ id: number }>(
      "INSERT INTO squads (name, slug) VALUES ('Cluster', 'cluster-caches') RETURNING id",
    );
    expect((await paint(two.baseUrl, p.token, 3)).status).toBe(200);
    const info = () =>
      api<{ owner: { squad: { id: number } | null } }>(two.baseUrl, 'GET', '/api/v1/image/get/3');
    // The other instance has the player's profile (no squad) cached.
    expect((await info()).body.owner.squad).toBeNull();

    expect(
      (await api(one.baseUrl, 'POST', `/api/v1/squads/${squad!.id}/join`, { token: p.token })).status,
    ).toBe(200);
    await announced(id);
    expect((await info()).body.owner.squad?.id).toBe(squad!.id);
  });
});
