/**
 * The behaviour every RatingsStore must share, as a Vitest suite. Implementations run it from
 * their own test file with a factory; a cluster backend also hands over a `twin`: a second store
 * over the same data through its own connection, standing for another server instance.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type Board,
  leagueRange,
  periodBoards,
  type RatingEntry,
  type RatingsSource,
  type RatingsStore,
  type ScoreDelta,
  type ScoreRow,
  squadLeagueRange,
} from './store.ts';

export interface StoreFixture {
  store: RatingsStore;
  twin?: RatingsStore;
  dispose(): Promise<void>;
}

export type MakeStore = (now: () => number) => Promise<StoreFixture>;

// Sunday 2043-11-22 12:00 UTC; its week started on Monday 2043-11-16. In the future, so that
// Redis EXPIREATs computed from it do not drop the keys while a test runs.
export const NOON = Date.UTC(2043, 10, 22, 12);
const BIG_ID = 1_135_128_165_141_926;

function delta(userId: number, n: number, at = NOON, squadId: number | null = null): ScoreDelta {
  return { userId, squadId, n, at };
}

/** Deterministic pseudo-random numbers (mulberry32). */
export function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The reference order: score descending, then id ascending. */
function expected(scores: Map<number, number>): { id: number; score: number }[] {
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score || a.id - b.id);
}

function fakeSource(boards: Partial<Record<Board, ScoreRow[]>>): RatingsSource {
  return {
    async *rows(board) {
      const rows = boards[board] ?? [];
      // Two chunks, as SQL hands them over.
      yield rows.slice(0, Math.ceil(rows.length / 2));
      yield rows.slice(Math.ceil(rows.length / 2));
    },
  };
}

export function ratingsStoreContract(name: string, make: MakeStore): void {
  describe(`ratings store contract: ${name}`, () => {
    let fx: StoreFixture;
    let clock = NOON;
    const now = () => clock;

    beforeEach(async () => {
      clock = NOON;
      fx = await make(now);
    });
    afterEach(async () => {
      await fx.dispose();
    });

    it('ranks by score descending, equal scores by the lower id first, ranks from 1', async () => {
      const { store } = fx;
      await store.record([delta(30, 5), delta(10, 5), delta(20, 9), delta(BIG_ID, 5), delta(40, 1)]);
      const page = await store.page('players', 0, 10);
      expect(page.total).toBe(5);
      expect(page.entries).toEqual([
        { id: 20, score: 9, rank: 1 },
        { id: 10, score: 5, rank: 2 },
        { id: 30, score: 5, rank: 3 },
        { id: BIG_ID, score: 5, rank: 4 },
        { id: 40, score: 1, rank: 5 },
      ]);
      expect(await store.rankOf('players', 30)).toEqual({ rank: 3, score: 5 });
      expect(await store.rankOf('players', BIG_ID)).toEqual({ rank: 4, score: 5 });
      expect(await store.rankOf('players', 99)).toBeNull();
      expect(await store.page('players', 3, 10)).toEqual({
        entries: [
          { id: BIG_ID, score: 5, rank: 4 },
          { id: 40, score: 1, rank: 5 },
        ],
        total: 5,
      });
      expect(await store.page('players', 5, 10)).toEqual({ entries: [], total: 5 });
      expect(await store.page('squads', 0, 10)).toEqual({ entries: [], total: 0 });
    });

    it('adds up batches: a player, their squad and the day, week and month windows', async () => {
      const { store } = fx;
      await store.record([delta(1, 2, NOON, 7), delta(2, 1, NOON, 7), delta(1, 1, NOON, null)]);
      await store.record([delta(1, 3, NOON + 1000, 8)]);
      expect(await store.rankOf('players', 1)).toEqual({ rank: 1, score: 6 });
      const [day, week, month] = periodBoards(NOON);
      expect([day, week, month]).toEqual(['d2043-11-22', 'w2043-11-16', 'm2043-11']);
      for (const board of [day!, week!, month!]) {
        expect((await store.page(board, 0, 5)).entries.map((e) => [e.id, e.score])).toEqual([
          [1, 6],
          [2, 1],
        ]);
      }
      expect((await store.page('squads', 0, 5)).entries).toEqual([
        { id: 7, score: 3, rank: 1 },
        { id: 8, score: 3, rank: 2 },
      ]);
    });

    it('rolls the windows over in UTC: a new day starts empty, the week and month keep counting', async () => {
      const { store } = fx;
      await store.record([delta(1, 4, NOON)]);
      // Monday 00:00:01 UTC: new day, new week, same month.
      const monday = Date.UTC(2043, 10, 23, 0, 0, 1);
      clock = monday;
      await store.record([delta(2, 1, monday)]);
      const [day, week, month] = periodBoards(monday);
      expect([day, week, month]).toEqual(['d2043-11-23', 'w2043-11-23', 'm2043-11']);
      expect((await store.page(day!, 0, 5)).entries.map((e) => e.id)).toEqual([2]);
      expect((await store.page(week!, 0, 5)).entries.map((e) => e.id)).toEqual([2]);
      expect((await store.page(month!, 0, 5)).entries.map((e) => e.id)).toEqual([1, 2]);
      // Yesterday's board is still readable within the grace period.
      expect((await store.page('d2043-11-22', 0, 5)).total).toBe(1);
    });

    it('pages a league as a score range of the one board, with ranks within the league', async () => {
      const { store } = fx;
      // bronze 0..7, silver 8..127, gold 128..2047.
      await store.record([
        delta(1, 7),
        delta(2, 8),
        delta(3, 127),
        delta(4, 128),
        delta(5, 3000),
        delta(6, 8),
        delta(7, 1),
      ]);
      const silver = leagueRange('silver');
      expect(silver).toEqual({ min: 8, max: 128 });
      expect(await store.page('players', 0, 10, silver)).toEqual({
        entries: [
          { id: 3, score: 127, rank: 1 },
          { id: 2, score: 8, rank: 2 },
          { id: 6, score: 8, rank: 3 },
        ],
        total: 3,
      });
      expect(await store.page('players', 2, 10, silver)).toEqual({
        entries: [{ id: 6, score: 8, rank: 3 }],
        total: 3,
      });
      expect(await store.count('players', silver)).toBe(3);
      expect(await store.count('players', leagueRange('bronze'))).toBe(2);
      expect(await store.count('players', leagueRange('diamond'))).toBe(0);
      expect(await store.count('players')).toBe(7);
      expect(await store.rankOf('players', 6, silver)).toEqual({ rank: 3, score: 8 });
      expect(await store.rankOf('players', 1, leagueRange('bronze'))).toEqual({ rank: 1, score: 7 });
      expect(await store.rankOf('players', 1, silver)).toBeNull();
      expect((await store.page('players', 0, 10, leagueRange('platinum'))).entries).toEqual([
        { id: 5, score: 3000, rank: 1 },
      ]);
      // A player crossing into the next league moves there with no other change.
      await store.record([delta(2, 120)]);
      expect(await store.rankOf('players', 2, leagueRange('gold'))).toEqual({ rank: 1, score: 128 });
      expect(await store.rankOf('players', 4, leagueRange('gold'))).toEqual({ rank: 2, score: 128 });
      expect(await store.count('players', silver)).toBe(2);
      // Squads by their own thresholds.
      await store.record([delta(1, 2000, NOON, 9), delta(1, 200_000, NOON, 10)]);
      expect((await store.page('squads', 0, 5, squadLeagueRange('silver'))).entries.map((e) => e.id)).toEqual(
        [9],
      );
      expect(
        (await store.page('squads', 0, 5, squadLeagueRange('platinum'))).entries.map((e) => e.id),
      ).toEqual([10]);
    });

    it('sets or removes one score outright (moderation)', async () => {
      const { store } = fx;
      await store.record([delta(1, 5), delta(2, 3)]);
      await store.set('players', 1, null);
      expect((await store.page('players', 0, 5)).entries).toEqual([{ id: 2, score: 3, rank: 1 }]);
      await store.set('players', 1, 5);
      expect(await store.rankOf('players', 1)).toEqual({ rank: 1, score: 5 });
      await store.set('squads', 3, null);
      expect(await store.count('squads')).toBe(0);
    });

    it('matches a reference ordering over many random batches', async () => {
      const { store } = fx;
      const rnd = random(7);
      const scores = new Map<number, number>();
      for (let b = 0; b < 40; b++) {
        const batch: ScoreDelta[] = [];
        for (let i = 0; i < 50; i++) {
          const id = 1 + Math.floor(rnd() * 300);
          const n = 1 + Math.floor(rnd() * 4);
          batch.push(delta(id, n));
          scores.set(id, (scores.get(id) ?? 0) + n);
        }
        await store.record(batch);
      }
      const want = expected(scores);
      const got: RatingEntry[] = [];
      for (let offset = 0; offset < want.length; offset += 37) {
        got.push(...(await store.page('players', offset, 37)).entries);
      }
      expect(got.map((e) => [e.id, e.score])).toEqual(want.map((e) => [e.id, e.score]));
      expect(got.map((e) => e.rank)).toEqual(want.map((_, i) => i + 1));
      for (const [i, e] of want.entries()) {
        if (i % 17 === 0)
          expect(await store.rankOf('players', e.id)).toEqual({ rank: i + 1, score: e.score });
      }
      // Leagues partition the board.
      const byLeague = await Promise.all(
        (['bronze', 'silver', 'gold', 'platinum', 'diamond'] as const).map((l) =>
          store.count('players', leagueRange(l)),
        ),
      );
      expect(byLeague.reduce((a, b) => a + b, 0)).toBe(want.length);
    });

    it('keeps every page consistent while batches are recorded concurrently', async () => {
      const { store } = fx;
      const writer = fx.twin ?? store;
      const rnd = random(11);
      const scores = new Map<number, number>();
      const seed: ScoreDelta[] = [];
      for (let id = 1; id <= 400; id++) {
        const n = 1 + Math.floor(rnd() * 50);
        seed.push(delta(id, n));
        scores.set(id, n);
      }
      await store.record(seed);

      let writing = true;
      const writes = (async () => {
        for (let b = 0; b < 60; b++) {
          const batch: ScoreDelta[] = [];
          for (let i = 0; i < 40; i++) {
            const id = 1 + Math.floor(rnd() * 400);
            batch.push(delta(id, 1 + Math.floor(rnd() * 3)));
            scores.set(id, scores.get(id)! + batch[batch.length - 1]!.n);
          }
          await writer.record(batch);
          await new Promise((r) => setImmediate(r));
        }
        writing = false;
      })();

      let pagesRead = 0;
      while (writing) {
        for (let offset = 0; offset < 400 && writing; offset += 20) {
          const page = await store.page('players', offset, 20, leagueRange('silver'));
          pagesRead++;
          // The memory store answers in a microtask: let the writer's macrotasks in between.
          await new Promise((r) => setImmediate(r));
          // Within one page: ranks are offset+1.., in order, each id once.
          expect(page.entries.map((e) => e.rank)).toEqual(page.entries.map((_, i) => offset + i + 1));
          expect(new Set(page.entries.map((e) => e.id)).size).toBe(page.entries.length);
          for (let i = 1; i < page.entries.length; i++) {
            const a = page.entries[i - 1]!;
            const b = page.entries[i]!;
            expect(a.score > b.score || (a.score === b.score && a.id < b.id)).toBe(true);
          }
          for (const e of page.entries) expect(e.score >= 8 && e.score < 128).toBe(true);
          expect(page.entries.length).toBe(Math.max(0, Math.min(20, page.total - offset)));
        }
      }
      await writes;
      expect(pagesRead).toBeGreaterThan(0);

      // Once quiet, the pages of a league cover it exactly: no duplicates, no gaps.
      const want = expected(scores).filter((e) => e.score >= 8 && e.score < 128);
      const seen: RatingEntry[] = [];
      for (let offset = 0; ; offset += 20) {
        const page = await store.page('players', offset, 20, leagueRange('silver'));
        expect(page.total).toBe(want.length);
        if (page.entries.length === 0) break;
        seen.push(...page.entries);
      }
      expect(seen.map((e) => [e.id, e.score, e.rank])).toEqual(want.map((e, i) => [e.id, e.score, i + 1]));
    });

    it('loads from a source: players, squads and the current windows', async () => {
      const { store } = fx;
      const [day, week] = periodBoards(NOON);
      await store.load(
        fakeSource({
          players: [
            { id: 1, score: 10 },
            { id: 2, score: 20 },
            { id: BIG_ID, score: 10 },
          ],
          squads: [{ id: 5, score: 3000 }],
          [day!]: [{ id: 2, score: 4 }],
          [week!]: [{ id: 1, score: 9 }],
        }),
        NOON,
      );
      expect((await store.page('players', 0, 10)).entries.map((e) => e.id)).toEqual([2, 1, BIG_ID]);
      expect(await store.rankOf('squads', 5)).toEqual({ rank: 1, score: 3000 });
      expect((await store.page(day!, 0, 10)).entries).toEqual([{ id: 2, score: 4, rank: 1 }]);
      expect((await store.page(week!, 0, 10)).entries).toEqual([{ id: 1, score: 9, rank: 1 }]);
      // Recording continues on top of what was loaded.
      await store.record([delta(1, 15)]);
      expect(await store.rankOf('players', 1)).toEqual({ rank: 1, score: 25 });
    });
  });
}
