import {
  type FinalResults,
  PALETTE,
  pixelIdOf,
  type Template,
  type TournamentLeaderboard,
  type TournamentPeriods,
  type UserResults,
} from '@pixel-wall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate.ts';
import { createUploadBudget, createUploadGate } from '../../lib/upload-gate.ts';
import {
  api,
  createTestStore,
  dbKinds,
  playerFactory,
  type RunningApp,
  startApp,
  type TestStore,
  testConfig,
} from '../../testing/harness.ts';
import { redisAvailable, redisRequired, TEST_REDIS_URL, testPrefix } from '../../testing/redis.ts';
import { createTemplatesModule } from '../templates/module.ts';
import { rgbaImage, solid, upload } from '../templates/testing.ts';
import { createUsersService } from '../users/service.ts';
import { createTournamentsModule } from './module.ts';

const kinds = await dbKinds();

/** A w×h picture in palette colour `index`, with the top-right pixel transparent. */
function notched(index: number, width: number, height: number) {
  const hex = PALETTE[index]!;
  const rgb = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  return rgbaImage(width, height, (x, y) => (x === width - 1 && y === 0 ? [0, 0, 0, 0] : [...rgb, 255]));
}

async function paint(base: string, token: string, x: number, y: number, colour: number): Promise<void> {
  const r = await api(base, 'POST', '/api/v1/repaint/start', {
    token,
    body: { pixelId: pixelIdOf(x, y), newColor: PALETTE[colour] },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

describe.each(kinds)('tournaments on %s', (kind) => {
  let store: TestStore;
  let run: RunningApp;
  let base: string;
  const player = playerFactory(() => base, 890_000, 'Rival');

  beforeAll(async () => {
    store = await createTestStore(kind);
    run = await startApp(
      store,
      testConfig({
        TOURNAMENT_START: new Date(Date.now() - 60_000).toISOString(),
        TOURNAMENT_ROUND_MINUTES: '120',
        TOURNAMENT_BREAK_MINUTES: '30',
        TOURNAMENT_SCORE_INTERVAL_MS: '150',
        TEMPLATE_UPLOADS_PER_HOUR: '100000',
        START_CHARGES: '50',
      }),
    );
    base = run.baseUrl;
  });
  afterAll(async () => {
    await run?.stop();
    await store?.dispose();
  });

  it('tells the periods: round 1 under way, uploads enter it', async () => {
    const r = await api<TournamentPeriods>(base, 'GET', '/api/v1/tournament/periods');
    expect(r.status).toBe(200);
    expect(r.body.activePeriod).toMatchObject({ kind: 'round', roundId: 1 });
    expect(r.body.activePeriod!.endsAt - r.body.activePeriod!.startsAt).toBe(120 * 60_000);
    expect(r.body.uploadRound).toBe(1);
    expect(Math.abs(r.body.now - Date.now())).toBeLessThan(5000);
    expect(r.body.periods.map((p) => `${p.kind}${p.roundId}`).slice(0, 3)).toEqual([
      'round1',
      'break1',
      'round2',
    ]);
  });

  it('scores entries by the pixels the Wall matches, recomputed while the round runs', async () => {
    const alice = await player('Alice');
    const bob = await player('Bob');
    // Alice: 4×4 in colour 9 at (10, 10), 15 opaque pixels. Bob: 2×2 in colour 20 at (40, 10).
    const a = await upload(base, '/tournament/template/upload', alice.token, await notched(9, 4, 4), {
      posX: '10',
      posY: '10',
    });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ type: 'tournament', roundId: 1, x: 10, y: 10, pixels: 15 });
    const b = await upload(base, '/tournament/template/upload', bob.token, await solid(21, 2), {
      posX: '40',
      posY: '10',
    });
    expect(b.body).toMatchObject({ roundId: 1, pixels: 4 });
    for (const [posX, posY] of [
      ['1023', '0'],
      ['x', '0'],
    ] as const) {
      const bad = await upload(base, '/tournament/template/upload', bob.token, await solid(21, 2), {
        posX,
        posY,
      });
      expect(bad.status).toBe(400);
    }

    // Three right pixels and one wrong for Alice, one for Bob, one outside any template.
    await paint(base, alice.token, 10, 11, 9);
    await paint(base, alice.token, 11, 11, 9);
    await paint(base, bob.token, 12, 12, 9);
    await paint(base, alice.token, 13, 13, 4);
    await paint(base, bob.token, 41, 11, 21);
    await paint(base, bob.token, 500, 500, 21);

    const board = async () =>
      (await api<TournamentLeaderboard>(base, 'GET', '/api/v1/tournament/templates/leaderboard')).body;
    await expect
      .poll(
        async () => {
          const list = (await board()).list;
          const matched = (id: number) => list.find((e) => e.templateId === id)?.matched;
          // a scoring pass may fall between two of the paints: wait for one that saw them all
          return [matched(a.body.id), matched(b.body.id)];
        },
        { timeout: 10_000 },
      )
      .toEqual([3, 1]);
    const lb = await board();
    expect(lb).toMatchObject({ roundId: 1, final: false, total: 2 });
    expect(lb.list).toEqual([
      expect.objectContaining({
        rank: 1,
        templateId: a.body.id,
        ownerId: alice.id,
        ownerName: expect.stringMatching(/^Alice/),
        matched: 3,
        total: 15,
        percent: 20,
      }),
      expect.objectContaining({ rank: 2, templateId: b.body.id, matched: 1, total: 4, percent: 25 }),
    ]);
    // Bob completes his template: 4 matched pixels put him first.
    await paint(base, bob.token, 40, 10, 21);
    await paint(base, bob.token, 40, 11, 21);
    await paint(base, bob.token, 41, 10, 21);
    await expect
      .poll(async () => (await board()).list.map((e) => [e.templateId, e.matched]), { timeout: 10_000 })
      .toEqual([
        [b.body.id, 4],
        [a.body.id, 3],
      ]);

    const mine = await api<UserResults>(base, 'GET', '/api/v1/tournament/user/results', {
      token: alice.token,
    });
    expect(mine.body.results).toEqual([
      { round_id: 1, templateId: a.body.id, rank: 2, matched: 3, total: 15, percent: 20, final: false },
    ]);
    expect((await api(base, 'GET', '/api/v1/tournament/user/results')).status).toBe(401);
    const page2 = await api<TournamentLeaderboard>(
      base,
      'GET',
      '/api/v1/tournament/templates/leaderboard?limit=1&offset=1',
    );
    expect(page2.body.list.map((e) => [e.rank, e.templateId])).toEqual([[2, a.body.id]]);
    // No round has finished yet.
    expect((await api<FinalResults>(base, 'GET', '/api/v1/tournament/results/final')).body).toEqual({
      rating: [],
      total: 0,
      roundId: null,
    });
  });

  it('lists the round’s entries 16 a page, 16 at random, and lets players follow one', async () => {
    for (let i = 0; i < 17; i++) {
      const p = await player('Entrant');
      const r = await upload(base, '/tournament/template/upload', p.token, await solid((i % 28) + 1, 4), {
        posX: String(100 + i * 5),
        posY: '100',
      });
      expect(r.status).toBe(201);
    }
    const first = await api<{ list: Template[]; total: number }>(
      base,
      'GET',
      '/api/v1/tournament/template/list',
    );
    expect(first.body.list).toHaveLength(16);
    expect(first.body.total).toBeGreaterThanOrEqual(19);
    const second = await api<{ list: Template[] }>(base, 'GET', '/api/v1/tournament/template/list?offset=16');
    expect(second.body.list.length).toBe(first.body.total - 16);
    const random = await api<{ list: Template[] }>(
      base,
      'GET',
      '/api/v1/tournament/template/list/random?limit=16',
    );
    expect(random.body.list).toHaveLength(16);
    expect(new Set(random.body.list.map((t) => t.id)).size).toBe(16);
    expect((await api(base, 'GET', '/api/v1/tournament/template/list/random?limit=17')).status).toBe(400);

    const fan = await player('Fan');
    const target = first.body.list[3]!;
    expect(
      (
        await api<{ template: null }>(base, 'GET', '/api/v1/tournament/template/subscribe/my', {
          token: fan.token,
        })
      ).body.template,
    ).toBeNull();
    const sub = await api<Template>(base, 'PUT', `/api/v1/tournament/template/subscribe/${target.id}`, {
      token: fan.token,
    });
    expect(sub.body).toMatchObject({
      id: target.id,
      subscribers: target.subscribers + 1,
      type: 'tournament',
    });
    const my = await api<{ template: Template }>(base, 'GET', '/api/v1/tournament/template/subscribe/my', {
      token: fan.token,
    });
    expect(my.body.template).toMatchObject({ id: target.id });
    expect((await api<Template>(base, 'GET', `/api/v1/tournament/template/${target.id}`)).body).toMatchObject(
      {
        id: target.id,
        roundId: 1,
      },
    );
    // A personal template is not a tournament entry, and the other way round.
    const own = await upload(base, '/image/template/upload', fan.token, await solid(3, 4));
    expect((await api(base, 'GET', `/api/v1/tournament/template/${own.body.id}`)).status).toBe(404);
    expect((await api(base, 'GET', `/api/v1/image/template/${target.id}`)).status).toBe(404);
    expect(
      (await api(base, 'PUT', `/api/v1/tournament/template/subscribe/${own.body.id}`, { token: fan.token }))
        .status,
    ).toBe(404);
  });

  it('keeps one entry per player and round: a new upload replaces it', async () => {
    const p = await player('Again');
    const one = await upload(base, '/tournament/template/upload', p.token, await solid(5, 4), {
      posX: '0',
      posY: '0',
    });
    const two = await upload(base, '/tournament/template/upload', p.token, await solid(6, 8));
    expect(two.body).toMatchObject({ id: one.body.id, version: 2, x: 0, y: 0, width: 8 });
  });
});

describe.each(kinds)('a tournament round that ends, on %s', (kind) => {
  it('is scored a last time when it ends, and its final results page 15 at a time', async () => {
    const store = await createTestStore(kind);
    const db = await store.open();
    await migrate(db);
    // A clock the test moves: rounds of 10 minutes, breaks of 5, one round only.
    let clock = Date.parse('2025-03-03T12:00:00Z');
    const now = () => clock;
    const startMs = clock + 60_000;
    const users = createUsersService({ db, adminIds: new Set(), startCharges: 5, now });
    const canvas = new Uint8Array(1024 * 1024);
    const config = {
      templates: { maxBytes: 1 << 20, uploadsPerHour: 100_000 },
      tournament: { startMs, roundMs: 600_000, breakMs: 300_000, rounds: 1, scoreIntervalMs: 60_000 },
    };
    const uploadGate = createUploadGate({
      budget: createUploadBudget(1 << 20),
      authenticate: async () => null,
    });
    const { templates } = createTemplatesModule({ db, users, config, uploadGate, now });
    const module = createTournamentsModule({
      db,
      templates,
      canvas: async () => canvas.slice(),
      config,
      uploadGate,
      instanceId: 'test-leader',
      log: { info: () => {}, error: () => {} },
      now,
    });
    const { tournaments, scorer } = module;
    try {
      const entrants: { userId: number; templateId: number }[] = [];
      // Before the start, uploads enter round 1.
      for (let i = 0; i < 16; i++) {
        const userId = 896_000 + i;
        await users.signIn(
          {
            id: userId,
            firstName: `Final${i}`,
            lastName: null,
            username: null,
            photoUrl: null,
            languageCode: 'en',
            isPremium: false,
          },
          { startParam: null, country: null, now: clock },
        );
        const t = await tournaments.upload(userId, await solid(7, 2), { x: i * 3, y: 700 });
        expect(t.roundId).toBe(1);
        entrants.push({ userId, templateId: t.id });
      }
      expect(await scorer.runOnce()).toEqual([]);
      expect(await tournaments.finalResults(15, 0)).toEqual({ rating: [], total: 0, roundId: null });

      clock = startMs + 1000;
      canvas[700 * 1024 + 15] = 7;
      canvas[700 * 1024 + 16] = 7;
      canvas[701 * 1024 + 27] = 7;
      expect(await scorer.runOnce()).toEqual([{ roundId: 1, templates: 16, final: false }]);
      const live = await tournaments.leaderboard(16, 0);
      expect(live).toMatchObject({ roundId: 1, final: false, total: 16 });
      expect(live.list.slice(0, 2).map((e) => [e.rank, e.templateId, e.matched, e.total])).toEqual([
        [1, entrants[5]!.templateId, 2, 4],
        [2, entrants[9]!.templateId, 1, 4],
      ]);

      // The round ends: the next pass scores it for the last time.
      canvas[700 * 1024 + 0] = 7;
      clock = startMs + 600_000 + 10;
      expect(await scorer.runOnce()).toEqual([{ roundId: 1, templates: 16, final: true }]);
      const page1 = await tournaments.finalResults(15, 0);
      expect(page1.roundId).toBe(1);
      expect(page1.total).toBe(16);
      expect(page1.rating).toHaveLength(15);
      expect(page1.rating.slice(0, 3).map((e) => [e.rank, e.templateId, e.matched])).toEqual([
        [1, entrants[5]!.templateId, 2],
        [2, entrants[0]!.templateId, 1],
        [3, entrants[9]!.templateId, 1],
      ]);
      expect((await tournaments.finalResults(15, 15)).rating.map((e) => e.rank)).toEqual([16]);
      expect(await tournaments.leaderboard(16, 0)).toMatchObject({ roundId: 1, final: true });

      // Paints after the end change nothing: a final round is never scored again.
      canvas[701 * 1024 + 0] = 7;
      expect(await scorer.runOnce()).toEqual([]);
      const results = await tournaments.userResults(entrants[0]!.userId);
      expect(results.results).toEqual([
        {
          round_id: 1,
          templateId: entrants[0]!.templateId,
          rank: 2,
          matched: 1,
          total: 4,
          percent: 25,
          final: true,
        },
      ]);
      // During the break after the last round there is nothing left to enter.
      expect(tournaments.periods()).toMatchObject({
        activePeriod: { kind: 'break', roundId: 1 },
        uploadRound: null,
      });
      await expect(
        tournaments.upload(entrants[0]!.userId, await solid(7, 2), { x: 0, y: 0 }),
      ).rejects.toThrow(/tournament is over/);
    } finally {
      await scorer.stop();
      await db.close();
      await store.dispose();
    }
  });
});

const cluster = (await redisAvailable()) && kinds.includes('postgres');
if (!cluster && redisRequired) throw new Error('Redis and PostgreSQL are required for the cluster test');

describe.runIf(cluster)('tournament scoring in a cluster', () => {
  it('runs on the leader only, and moves to the next leader when it goes', async () => {
    const store = await createTestStore('postgres');
    const env = {
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: testPrefix(),
      TOURNAMENT_START: new Date(Date.now() - 60_000).toISOString(),
      TOURNAMENT_ROUND_MINUTES: '60',
      TOURNAMENT_SCORE_INTERVAL_MS: '100',
    };
    const one = await startApp(store, testConfig(env));
    const two = await startApp(store, testConfig(env));
    const apps = [one, two];
    try {
      const isLeader = async (a: RunningApp) =>
        /^pixelwall_leader 1$/m.test(await (await fetch(`${a.baseUrl}/metrics`)).text());
      const scorers = async () => {
        const seen = new Set<string>();
        for (let i = 0; i < 8; i++) {
          const rows = await one.db.query<{ scored_by: string }>('SELECT scored_by FROM tournament_rounds');
          for (const r of rows) seen.add(r.scored_by);
          await new Promise((r) => setTimeout(r, 100));
        }
        return seen;
      };
      await expect.poll(async () => (await Promise.all(apps.map(isLeader))).filter(Boolean).length).toBe(1);
      const leader = (await isLeader(one)) ? one : two;
      const follower = leader === one ? two : one;
      await expect.poll(async () => (await scorers()).size, { timeout: 5000 }).toBe(1);
      const first = [...(await scorers())][0]!;
      // Only the leader scores: the same instance every time.
      expect(await scorers()).toEqual(new Set([first]));

      await leader.stop();
      apps.splice(apps.indexOf(leader), 1);
      await expect.poll(() => isLeader(follower), { timeout: 15_000 }).toBe(true);
      await expect
        .poll(
          async () =>
            (await follower.db.query<{ scored_by: string }>('SELECT scored_by FROM tournament_rounds'))[0]
              ?.scored_by,
          { timeout: 5000 },
        )
        .not.toBe(first);
    } finally {
      for (const a of apps) await a.stop();
      await store.dispose();
    }
  });
});
