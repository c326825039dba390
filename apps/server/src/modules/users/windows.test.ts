import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { type PaintRecord, writeBatch } from '../../engine/committer.ts';
import { createTestStore, dbKinds, type TestStore } from '../../testing/harness.ts';
import { activePlayers, periodRepaintsOf, periodScoresAfter } from './store.ts';

const kinds = await dbKinds();

const paint = (userId: number, at: number, pixelId: number): PaintRecord => ({
  pixelId,
  color: 1,
  userId,
  squadId: null,
  at,
  charges: 3,
  chargesUpdatedAt: at,
});

// Tuesday 1 December 2026 (week of Monday 30 November); the day before; and 25 November.
const TODAY = Date.UTC(2026, 11, 1, 12);
const YESTERDAY = Date.UTC(2026, 10, 30, 12);
const LAST_WEEK = Date.UTC(2026, 10, 25, 12);

describe.each(kinds)('the windows of a player, as the group commit writes them, on %s', (kind) => {
  let store: TestStore;
  let db: Database;
  beforeAll(async () => {
    store = await createTestStore(kind);
    db = await store.open();
    await migrate(db);
    await db.query(
      `INSERT INTO users (id, first_name, charges, charges_updated_at)
       SELECT g, 'P' || g, 5, 0 FROM generate_series(1, 5) g`,
    );
    let pixel = 0;
    const paints = (userId: number, at: number, n: number) =>
      Array.from({ length: n }, () => paint(userId, at, ++pixel));
    // 1: today ×3; 2: yesterday ×2 (this week, last month); 3: last week ×4 and today ×1;
    // 4: last week only; 5: today ×2, then banned.
    await db.transaction((tx) => writeBatch(tx, [...paints(3, LAST_WEEK, 4), ...paints(4, LAST_WEEK, 1)]));
    await db.transaction((tx) => writeBatch(tx, paints(2, YESTERDAY, 2)));
    await db.transaction((tx) =>
      writeBatch(tx, [...paints(1, TODAY, 3), ...paints(3, TODAY, 1), ...paints(5, TODAY, 2)]),
    );
    await db.query('UPDATE users SET banned_at = now() WHERE id = 5');
  });
  afterAll(async () => {
    await db?.close();
    await store?.dispose();
  });

  const scores = async (period: string, after = 0, limit = 100) =>
    (await periodScoresAfter(db, period, after, limit)).map((r) => [Number(r.id), Number(r.score)]);

  it('rebuilds each current board from the rows, in id order, without the banned', async () => {
    expect(await scores('d2026-12-01')).toEqual([
      [1, 3],
      [3, 1],
    ]);
    expect(await scores('w2026-11-30')).toEqual([
      [1, 3],
      [2, 2],
      [3, 1],
    ]);
    expect(await scores('m2026-12')).toEqual([
      [1, 3],
      [3, 1],
    ]);
    // keyset chunks
    expect(await scores('w2026-11-30', 1, 1)).toEqual([[2, 2]]);
    // a window a player has moved on from counts nothing of theirs
    expect(await scores('w2026-11-23')).toEqual([[4, 1]]);
    expect(await scores('m2026-11')).toEqual([
      [2, 2],
      [4, 1],
    ]);
  });

  it("reads one player's current windows (an unban puts them back on the boards)", async () => {
    const periods = ['d2026-12-01', 'w2026-11-30', 'm2026-12'];
    const of = async (id: number) =>
      (await periodRepaintsOf(db, id, periods)).map((r) => [r.period, Number(r.repaints)]);
    expect(await of(3)).toEqual([
      ['d2026-12-01', 1],
      ['w2026-11-30', 1],
      ['m2026-12', 1],
    ]);
    expect(await of(2)).toEqual([['w2026-11-30', 2]]);
    expect(await of(4)).toEqual([]);
    expect(await of(5)).toEqual([
      ['d2026-12-01', 2],
      ['w2026-11-30', 2],
      ['m2026-12', 2],
    ]);
    expect(await of(99)).toEqual([]);
    await expect(periodRepaintsOf(db, 1, ['x2026'])).rejects.toThrow(/not a window key/);
  });

  it('counts the players active today and this week', async () => {
    expect(await activePlayers(db, 'd2026-12-01', 'w2026-11-30')).toEqual({ daily: 3, weekly: 4 });
    expect(await activePlayers(db, 'd2026-12-02', 'w2026-12-07')).toEqual({ daily: 0, weekly: 0 });
  });
});
