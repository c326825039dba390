import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import type { PaintRecord } from '../../engine/committer.ts';
import { api, createTestStore, dbKinds, type TestStore, telegramSignIn } from '../../testing/harness.ts';
import { redisKinds, testRedis } from '../../testing/redis.ts';
import { createRatingsModule, deltasOf } from '../ratings/module.ts';
import { createUsersService } from '../users/service.ts';
import { createProfilesService, FRIEND_ACHIEVEMENTS } from './service.ts';
import { type PlayersTestApp, startPlayersApp } from './test-app.ts';

const kinds = await dbKinds();
const backends = await redisKinds();

interface Friends {
  list: { id: number; firstName: string; userPic: string | null; repaints: number }[];
  total: number;
}

describe.each(kinds)('friends and profiles on %s', (kind) => {
  let store: TestStore;
  let t: PlayersTestApp;

  beforeAll(async () => {
    store = await createTestStore(kind);
    t = await startPlayersApp(store);
  });
  afterAll(async () => {
    await t?.stop();
    await store?.dispose();
  });

  it('counts a referral once, at the first sign-in, never for oneself', async () => {
    const ann = await telegramSignIn(t.app.baseUrl, { id: 7001, first_name: 'Ann' });
    await telegramSignIn(t.app.baseUrl, { id: 7002, first_name: 'Ben' }, { startParam: 'f7001' });
    // Ben signs in again through other links: his referrer stays Ann.
    await telegramSignIn(t.app.baseUrl, { id: 7002, first_name: 'Ben' }, { startParam: 'f7003' });
    await telegramSignIn(t.app.baseUrl, { id: 7002, first_name: 'Ben' }, { startParam: 'f7002_s1' });
    // Cid came first on his own, then with Ann's link: too late to count.
    await telegramSignIn(t.app.baseUrl, { id: 7003, first_name: 'Cid' });
    await telegramSignIn(t.app.baseUrl, { id: 7003, first_name: 'Cid' }, { startParam: 'f7001' });
    // Dee with her own link: no referrer.
    const dee = await telegramSignIn(t.app.baseUrl, { id: 7004, first_name: 'Dee' }, { startParam: 'f7004' });
    // Eve with a referrer nobody knows: none.
    await telegramSignIn(t.app.baseUrl, { id: 7005, first_name: 'Eve' }, { startParam: 'f999999' });

    const friends = await api<Friends>(t.url, 'GET', '/api/v1/users/me/friends', { token: ann.token });
    expect(friends.status).toBe(200);
    expect(friends.body).toEqual({
      list: [{ id: 7002, firstName: 'Ben', userPic: null, repaints: 0 }],
      total: 1,
    });
    const none = await api<Friends>(t.url, 'GET', '/api/v1/users/me/friends', { token: dee.token });
    expect(none.body).toEqual({ list: [], total: 0 });
    const rows = await t.app.db.query<{ id: number; referrer_id: number | null }>(
      'SELECT id, referrer_id FROM users WHERE id BETWEEN 7001 AND 7005 ORDER BY id',
    );
    expect(rows.map((r) => [Number(r.id), r.referrer_id === null ? null : Number(r.referrer_id)])).toEqual([
      [7001, null],
      [7002, 7001],
      [7003, null],
      [7004, null],
      [7005, null],
    ]);
    expect((await api(t.url, 'GET', '/api/v1/users/me/friends')).status).toBe(401);
    expect((await api(t.url, 'GET', '/api/v1/users/me/friends?limit=101', { token: ann.token })).status).toBe(
      400,
    );
  });

  it('grants the referral achievements as the friend count crosses 16, 64 and 128', async () => {
    const { db } = t.app;
    const users = createUsersService({ db, adminIds: new Set(), startCharges: 5 });
    const profiles = createProfilesService({
      db,
      users,
      ratings: { playerPlace: async () => ({ rank: 0, repaints: 0, league: 'bronze' }) },
    });
    expect(FRIEND_ACHIEVEMENTS).toEqual([
      { id: 2, min: 16 },
      { id: 3, min: 64 },
      { id: 4, min: 128 },
      { id: 13, min: 10_000 },
    ]);
    await db.query(
      `INSERT INTO users (id, first_name, charges, charges_updated_at) VALUES (7100, 'Rex', 5, 0)`,
    );
    const grants: number[][] = [];
    for (let i = 1; i <= 130; i++) {
      // What users.signIn does for a new player who came with Rex's link, then the hook.
      await db.query(
        `INSERT INTO users (id, first_name, referrer_id, repaints, charges, charges_updated_at)
         VALUES ($1::bigint, 'F' || $1::text, 7100, $2, 5, 0)`,
        [710_000 + i, i],
      );
      const granted = await db.transaction((tx) => profiles.onReferred(tx, 7100));
      if (granted.length > 0) grants.push([i, ...granted]);
    }
    expect(grants).toEqual([
      [16, 2],
      [64, 3],
      [128, 4],
    ]);
    const friends = await profiles.friends(7100, 0, 3);
    expect(friends.total).toBe(130);
    expect(friends.list.map((f) => f.repaints)).toEqual([130, 129, 128]);

    const profile = await api(t.url, 'GET', '/api/v1/users/7100/profile');
    expect(profile.status).toBe(200);
    expect(profile.body).toEqual({
      id: 7100,
      firstName: 'Rex',
      userName: null,
      userPic: null,
      league: 'bronze',
      rank: 0,
      repaints: 0,
      squad: null,
      friends: 130,
      achievements: { '2': true, '3': true, '4': true },
      banned: false,
    });
  });

  it('grants a referral achievement through sign-ins alone, once app.ts calls onReferred', async (ctx) => {
    if (!t.wired) ctx.skip();
    await telegramSignIn(t.app.baseUrl, { id: 7300, first_name: 'Ria' });
    for (let i = 1; i <= 16; i++) {
      await telegramSignIn(t.app.baseUrl, { id: 730_000 + i, first_name: `R${i}` }, { startParam: 'f7300' });
      // Signing in again changes nothing.
      await telegramSignIn(t.app.baseUrl, { id: 730_000 + i, first_name: `R${i}` }, { startParam: 'f7300' });
    }
    const profile = await api(t.url, 'GET', '/api/v1/users/7300/profile');
    expect(profile.body).toMatchObject({ friends: 16, achievements: { '2': true } });
  });

  it('shows a painter profile with public fields only', async () => {
    const { db } = t.app;
    const [squad] = await db.query<{ id: number }>(
      `INSERT INTO squads (name, slug, scored_repaints) VALUES ('Owls', 'owls', 5) RETURNING id`,
    );
    await db.query(
      `INSERT INTO users (id, first_name, username, photo_url, repaints, squad_id, charges, charges_updated_at)
       VALUES (7200, 'Zoe', 'zoe', 'https://pic.example/z', 300, $1, 5, 0),
              (7201, 'Yan', null, null, 500, $1, 5, 0)`,
      [squad!.id],
    );
    await t.sync();
    const r = await api<Record<string, unknown>>(t.url, 'GET', '/api/v1/users/7200/profile');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      id: 7200,
      firstName: 'Zoe',
      userName: 'zoe',
      userPic: 'https://pic.example/z',
      league: 'gold',
      rank: 2,
      repaints: 300,
      squad: { id: squad!.id, name: 'Owls', slug: 'owls', logo: null, templateX: null, templateY: null },
      friends: 0,
      achievements: {},
      banned: false,
    });
    for (const key of ['balance', 'walletAddress', 'websocketToken', 'inventory', 'country', 'locale']) {
      expect(r.body).not.toHaveProperty(key);
    }
    expect((await api(t.url, 'GET', '/api/v1/users/123456789/profile')).status).toBe(404);
    expect((await api(t.url, 'GET', '/api/v1/users/abc/profile')).status).toBe(400);
  });
});

describe('the players factory', () => {
  it('groups a committed batch into one delta per player, squad and day', () => {
    const base = { color: 1, charges: 1, chargesUpdatedAt: 0 };
    const day = Date.UTC(2043, 10, 22, 23, 59);
    const batch: PaintRecord[] = [
      { ...base, pixelId: 1, userId: 1, squadId: 5, at: day },
      { ...base, pixelId: 2, userId: 1, squadId: 5, at: day + 1 },
      { ...base, pixelId: 3, userId: 2, squadId: null, at: day },
      // Past midnight: a new day, so a delta of its own.
      { ...base, pixelId: 4, userId: 1, squadId: 5, at: day + 60_000 },
    ];
    expect(deltasOf(batch)).toEqual([
      { userId: 1, squadId: 5, n: 2, at: day },
      { userId: 2, squadId: null, n: 1, at: day },
      { userId: 1, squadId: 5, n: 1, at: day + 60_000 },
    ]);
  });

  it.each(backends)(
    'records committed batches on the %s boards and serves places from them',
    async (backend) => {
      const db = await openDatabase({ url: null, dataDir: null });
      const redis = backend === 'redis' ? testRedis() : null;
      try {
        await migrate(db);
        await db.query(
          `INSERT INTO users (id, first_name, repaints, charges, charges_updated_at)
         VALUES (1, 'A', 10, 5, 0), (2, 'B', 0, 5, 0)`,
        );
        const users = createUsersService({ db, adminIds: new Set(), startCharges: 5 });
        const players = await createRatingsModule({
          db,
          users,
          redis: redis ? redis.connect('players') : null,
          prefix: 'pw:',
        });
        expect(await players.placeOf(1)).toEqual({ rank: 1, repaints: 10, league: 'silver' });
        expect(await players.placeOf(2)).toEqual({ rank: 0, repaints: 0, league: 'bronze' });
        const at = Date.now();
        const base = { color: 1, charges: 1, chargesUpdatedAt: at, squadId: null, at };
        players.onCommitted([
          { ...base, pixelId: 1, userId: 2 },
          { ...base, pixelId: 2, userId: 2 },
        ]);
        // Redis gets the batch asynchronously: wait for it.
        for (let i = 0; i < 100 && (await players.placeOf(2)).rank === 0; i++) {
          await new Promise((r) => setTimeout(r, 5));
        }
        expect(await players.placeOf(2)).toEqual({ rank: 1, repaints: 2, league: 'bronze' });
        await players.ensureLoaded();
        expect(await players.placeOf(2)).toEqual({ rank: 1, repaints: 2, league: 'bronze' });
        await players.stop();
      } finally {
        await redis?.dispose();
        await db.close();
      }
    },
  );
});
