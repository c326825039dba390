import { leagueOf, PALETTE } from '@pixel-wall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPeriodKeys } from '../../lib/periods.ts';
import { api, createTestStore, dbKinds, type TestStore, telegramSignIn } from '../../testing/harness.ts';
import { type PlayersTestApp, startPlayersApp } from '../profiles/test-app.ts';

const kinds = await dbKinds();

interface Entry {
  rank: number;
  id: number;
  firstName: string;
  userPic: string | null;
  repaints: number;
  league: string;
}
interface Personal {
  top: Entry[];
  myPlace: { rank: number; repaints: number; league: string } | null;
  total: number;
}
interface SquadEntry {
  rank: number;
  id: number;
  name: string;
  slug: string;
  logo: string | null;
  scoredRepaints: number;
  league: string;
}
interface Squads {
  top: SquadEntry[];
  MySquadPlace: { rank: number; scoredRepaints: number } | null;
  mySquad: SquadEntry | null;
  total: number;
}

// 60 players: ids 20001..20060 with repaints 1..60 × 3 (bronze up to 7, silver 8..127, gold 128+).
const PLAYERS = Array.from({ length: 60 }, (_, i) => ({ id: 20001 + i, repaints: (i + 1) * 3 }));

describe.each(kinds)('rating pages on %s', (kind) => {
  let store: TestStore;
  let t: PlayersTestApp;
  let token: string;
  let squadIds: number[];

  beforeAll(async () => {
    store = await createTestStore(kind);
    t = await startPlayersApp(store);
    const { db } = t.app;
    squadIds = (
      await db.query<{ id: number }>(
        `INSERT INTO squads (name, slug, logo, scored_repaints, total_repaints)
         VALUES ('Alpha', 'alpha', 'https://x.example/a.png', 30000, 40000), ('Beta', 'beta', null, 25000, 25000),
                ('Gamma', 'gamma', null, 2000, 5000), ('Delta', 'delta', null, 0, 0)
         RETURNING id`,
      )
    ).map((r) => r.id);
    await db.query(
      `INSERT INTO users (id, first_name, photo_url, repaints, squad_id, charges, charges_updated_at)
       SELECT t.id, 'P' || t.id, 'https://pic.example/' || t.id, t.n, $3, 5, 0
       FROM unnest($1::bigint[], $2::bigint[]) AS t(id, n)`,
      [PLAYERS.map((p) => p.id), PLAYERS.map((p) => p.repaints), squadIds[0]],
    );
    const [day, week, month] = allPeriodKeys(Date.now());
    // Today only the last ten painted, one repaint each, id order reversed by count.
    await db.query(
      `UPDATE users SET day_period = $1, day_repaints = id - 20050, week_period = $2,
         week_repaints = id - 20050, month_period = $3, month_repaints = id - 20050
       WHERE id = ANY($4::bigint[])`,
      [day, week, month, PLAYERS.slice(50).map((p) => p.id)],
    );
    await t.sync();
    // 20055 signs in as a player of the seeded squad Alpha: 165 repaints, gold.
    token = (await telegramSignIn(t.app.baseUrl, { id: 20055, first_name: 'P20055' })).token;
  });
  afterAll(async () => {
    await t?.stop();
    await store?.dispose();
  });

  it('pages painters by league, ranks within the league, names in every entry', async () => {
    const silver = PLAYERS.filter((p) => leagueOf(p.repaints) === 'silver').sort(
      (a, b) => b.repaints - a.repaints,
    );
    const first = await api<Personal>(t.url, 'GET', '/api/v1/ratings/personal?league=silver&limit=10');
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(silver.length);
    expect(first.body.myPlace).toBeNull();
    expect(first.body.top).toEqual(
      silver.slice(0, 10).map((p, i) => ({
        rank: i + 1,
        id: p.id,
        firstName: `P${p.id}`,
        userPic: `https://pic.example/${p.id}`,
        repaints: p.repaints,
        league: 'silver',
      })),
    );
    const second = await api<Personal>(
      t.url,
      'GET',
      '/api/v1/ratings/personal?league=silver&limit=10&offset=10',
    );
    expect(second.body.top.map((e) => e.rank)).toEqual(silver.slice(10, 20).map((_, i) => 11 + i));
    expect(second.body.top.map((e) => e.id)).toEqual(silver.slice(10, 20).map((p) => p.id));
    const past = await api<Personal>(t.url, 'GET', '/api/v1/ratings/personal?league=silver&offset=500');
    expect(past.body).toEqual({ top: [], myPlace: null, total: silver.length });
    // Default page size 20, default league bronze.
    const bronze = await api<Personal>(t.url, 'GET', '/api/v1/ratings/personal');
    expect(bronze.body.top.map((e) => e.repaints)).toEqual([6, 3]);

    // Signed in: my place in my own league (gold), whatever league the page shows.
    const mine = await api<Personal>(t.url, 'GET', '/api/v1/ratings/personal?league=silver', { token });
    const gold = PLAYERS.filter((p) => leagueOf(p.repaints) === 'gold').sort(
      (a, b) => b.repaints - a.repaints,
    );
    expect(mine.body.myPlace).toEqual({
      rank: gold.findIndex((p) => p.id === 20055) + 1,
      repaints: 165,
      league: 'gold',
    });
    // A player with no repaints has no place yet: rank 0.
    const fresh = (await telegramSignIn(t.app.baseUrl, { id: 20999, first_name: 'New' })).token;
    const none = await api<Personal>(t.url, 'GET', '/api/v1/ratings/personal?league=gold', { token: fresh });
    expect(none.body.myPlace).toEqual({ rank: 0, repaints: 0, league: 'bronze' });
  });

  it('ranks the current day, week and month, with my place in the window', async () => {
    for (const period of ['day', 'week', 'month']) {
      const r = await api<Personal>(t.url, 'GET', `/api/v1/ratings/leaderboard?period=${period}&limit=3`, {
        token,
      });
      expect(r.status).toBe(200);
      expect(r.body.total).toBe(10);
      expect(r.body.top).toEqual([
        {
          rank: 1,
          id: 20060,
          firstName: 'P20060',
          userPic: 'https://pic.example/20060',
          repaints: 10,
          league: 'gold',
        },
        {
          rank: 2,
          id: 20059,
          firstName: 'P20059',
          userPic: 'https://pic.example/20059',
          repaints: 9,
          league: 'gold',
        },
        {
          rank: 3,
          id: 20058,
          firstName: 'P20058',
          userPic: 'https://pic.example/20058',
          repaints: 8,
          league: 'gold',
        },
      ]);
      expect(r.body.myPlace).toEqual({ rank: 6, repaints: 5, league: 'gold' });
    }
  });

  it('follows paints: a painter climbs the day board and their league page', async () => {
    const r = await api(t.app.baseUrl, 'POST', '/api/v1/repaint/start', {
      token,
      body: { pixelId: 77, newColor: PALETTE[2] },
    });
    expect(r.status).toBe(200);
    await t.sync();
    const day = await api<Personal>(t.url, 'GET', '/api/v1/ratings/leaderboard?period=day', { token });
    expect(day.body.myPlace).toEqual({ rank: 5, repaints: 6, league: 'gold' });
    const gold = await api<Personal>(t.url, 'GET', '/api/v1/ratings/personal?league=gold', { token });
    expect(gold.body.myPlace?.repaints).toBe(166);
  });

  it('pages squads by league with my squad pinned, and a squad with its members', async () => {
    // Alpha scored one more with the paint of the test before.
    const guest = await api<Squads>(t.url, 'GET', '/api/v1/ratings/squads?league=gold');
    expect(guest.status).toBe(200);
    expect(guest.body).toEqual({
      top: [
        {
          rank: 1,
          id: squadIds[0],
          name: 'Alpha',
          slug: 'alpha',
          logo: 'https://x.example/a.png',
          scoredRepaints: 30001,
          league: 'gold',
        },
        {
          rank: 2,
          id: squadIds[1],
          name: 'Beta',
          slug: 'beta',
          logo: null,
          scoredRepaints: 25000,
          league: 'gold',
        },
      ],
      MySquadPlace: null,
      mySquad: null,
      total: 2,
    });
    // The squads screen asks for platinum: nobody there yet, my squad still pinned.
    const mine = await api<Squads>(t.url, 'GET', '/api/v1/ratings/squads', { token });
    expect(mine.body.top).toEqual([]);
    expect(mine.body.total).toBe(0);
    expect(mine.body.MySquadPlace).toEqual({ rank: 1, scoredRepaints: 30001 });
    expect(mine.body.mySquad).toMatchObject({ id: squadIds[0], rank: 1, league: 'gold' });
    const silver = await api<Squads>(t.url, 'GET', '/api/v1/ratings/squads?league=silver');
    expect(silver.body.top.map((s) => s.slug)).toEqual(['gamma']);

    const details = await api<{ players: number; top: Entry[]; rank: number; league: string }>(
      t.url,
      'GET',
      `/api/v1/ratings/squads/${squadIds[0]}?limit=2&offset=1`,
    );
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({
      id: squadIds[0],
      players: 60,
      rank: 1,
      league: 'gold',
      totalRepaints: 40001,
    });
    expect(details.body.top.map((e) => [e.rank, e.id])).toEqual([
      [2, 20059],
      [3, 20058],
    ]);
    expect((await api(t.url, 'GET', '/api/v1/ratings/squads/424242')).status).toBe(404);
  });

  it('bounds every query value', async () => {
    for (const q of [
      'personal?limit=0',
      'personal?limit=101',
      'personal?offset=-1',
      'personal?offset=1000001',
      'personal?league=wood',
      'personal?league=silver&extra=1',
      'leaderboard?period=year',
      'squads?league=diamond',
      'squads/0',
    ]) {
      const r = await api(t.url, 'GET', `/api/v1/ratings/${q}`);
      expect(r.status, q).toBe(400);
    }
    const max = await api<Personal>(t.url, 'GET', '/api/v1/ratings/personal?limit=100&offset=1000000');
    expect(max.status).toBe(200);
  });
});
