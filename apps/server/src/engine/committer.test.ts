import type { PixelChange } from '@pixel-wall/shared';
import { describe, expect, it } from 'vitest';
import type { Sql } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { createTestStore } from '../testing/harness.ts';
import { type CommitterOptions, createCommitter, type PaintRecord, writeBatch } from './committer.ts';

const rec = (pixelId: number, userId: number, color = 1, at = Date.UTC(2026, 10, 22, 12)): PaintRecord => ({
  pixelId,
  color,
  userId,
  squadId: null,
  at,
  charges: 3,
  chargesUpdatedAt: at,
});

/** The player's window columns (migration 0018), and a row of them as the database returns it. */
const WINDOWS = 'day_period, day_repaints, week_period, week_repaints, month_period, month_repaints';
const windowsRow = (
  day: string,
  dayN: number,
  week: string,
  weekN: number,
  month: string,
  monthN: number,
) => ({
  day_period: day,
  day_repaints: dayN,
  week_period: week,
  week_repaints: weekN,
  month_period: month,
  month_repaints: monthN,
});

/** A transaction's Sql that runs nothing: each statement goes to `onQuery`, every result is empty. */
function recordingSql(onQuery: (text: string, params: readonly unknown[]) => void = () => {}): Sql {
  return {
    query: async (text: string, params: readonly unknown[] = []) => {
      onQuery(text, params);
      return [];
    },
  } as unknown as Sql;
}

describe('committer', () => {
  it('acknowledges only after its batch is written, batching concurrent paints', async () => {
    const written: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const c = createCommitter({
      overwrites: null,
      windowMs: 1,
      transaction: async (fn) => {
        await gate;
        return fn(
          recordingSql((t, params) => {
            if (t.includes('INSERT INTO pixels')) written.push(...(params[0] as number[]));
          }),
        );
      },
    });
    let acked = 0;
    const all = [1, 2, 3].map((p) => c.submit(rec(p, 1)).then(() => acked++));
    await new Promise((r) => setTimeout(r, 20));
    expect(acked).toBe(0);
    release();
    await Promise.all(all);
    expect(acked).toBe(3);
    expect(written.sort()).toEqual([1, 2, 3]);
  });

  it("writes a quiet wall's paint at once; one soon after a group waits the window", async () => {
    const groups: number[][] = [];
    const c = createCommitter({
      overwrites: null,
      windowMs: 60_000,
      quietMs: 1000,
      transaction: async (fn) =>
        fn(
          recordingSql((t, params) => {
            if (t.includes('INSERT INTO pixels')) groups.push([...(params[0] as number[])]);
          }),
        ),
    });
    const within = (p: Promise<unknown>, ms: number) =>
      Promise.race([p.then(() => 'written'), new Promise((r) => setTimeout(() => r('waiting'), ms))]);
    // Nothing written yet: the first paints (the same turn's together) do not wait the minute.
    expect(await within(Promise.all([c.submit(rec(1, 1)), c.submit(rec(2, 1))]), 2000)).toBe('written');
    expect(groups).toEqual([[1, 2]]);
    // Sooner than quietMs after that group: the paint waits the window (or a flush).
    const next = c.submit(rec(3, 1));
    expect(await within(next, 200)).toBe('waiting');
    await c.flush();
    await next;
    expect(groups).toEqual([[1, 2], [3]]);
  });

  it('retries a failed transaction and never drops the paint', async () => {
    let attempts = 0;
    const errors: number[] = [];
    const c = createCommitter({
      overwrites: null,
      windowMs: 0,
      transaction: async <T>(): Promise<T> => {
        attempts++;
        if (attempts < 3) throw new Error('connection lost');
        return undefined as T;
      },
      onError: (_e, attempt) => errors.push(attempt),
    });
    await c.submit(rec(1, 1));
    expect(attempts).toBe(3);
    expect(errors).toEqual([1, 2]);
    expect(c.healthy).toBe(true);
  });

  it('writes a group in one call where the database takes its statements at once, retried alike', async () => {
    const calls: string[][] = [];
    const c = createCommitter({
      overwrites: { statement: (batch) => ({ text: `-- overwrites of ${batch.length}`, params: [] }) },
      windowMs: 0,
      transaction: () => Promise.reject(new Error('not this way')),
      writeTransaction: async (statements) => {
        calls.push(statements.map((s) => s.text.trim().split(/\s+/).slice(0, 3).join(' ')));
        if (calls.length === 1) throw new Error('connection lost');
      },
    });
    await c.submit(rec(1, 1));
    const one = ['-- overwrites of', 'INSERT INTO pixels', 'UPDATE users AS', 'INSERT INTO counters'];
    expect(calls).toEqual([one, one]);
    expect(c.healthy).toBe(true);
  });

  it('splits oversized groups and flushes on close', async () => {
    const sizes: number[] = [];
    const c = createCommitter({
      overwrites: null,
      windowMs: 50,
      maxBatch: 10,
      transaction: async (fn) =>
        fn(
          recordingSql((t, params) => {
            if (t.includes('INSERT INTO counters')) sizes.push((params[1] as number[])[0]!);
          }),
        ),
    });
    const p = c.submitMany(Array.from({ length: 25 }, (_, i) => rec(i + 1, 1)));
    await c.close();
    await p;
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(25);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(10);
    await expect(c.submit(rec(1, 1))).rejects.toThrow(/closed/);
  });

  it('releases a committed group a chunk per macrotask, in order; flush waits for all of it', async () => {
    const acked: number[] = [];
    const seen: number[] = [];
    const everyTurn = (left: number) => {
      seen.push(acked.length);
      if (left > 1) setImmediate(() => everyTurn(left - 1));
    };
    const c = createCommitter({
      overwrites: null,
      windowMs: 10,
      releaseChunk: 2,
      transaction: async (fn) => {
        // Scheduled before the group is released: what each following macrotask sees of it.
        setImmediate(() => everyTurn(2));
        return fn(recordingSql());
      },
    });
    const all = [1, 2, 3, 4, 5].map((p) => c.submit(rec(p, 1)).then(() => acked.push(p)));
    await c.flush();
    expect(acked).toEqual([1, 2, 3, 4, 5]);
    await Promise.all(all);
    expect(seen).toEqual([2, 4]);
  });

  it('writes the same pixel once per batch (last wins) and sums counters per player and period', async () => {
    const store = await createTestStore('pglite');
    const db = await store.open();
    try {
      await migrate(db);
      await db.query(
        `INSERT INTO users (id, first_name, charges, charges_updated_at) VALUES (1, 'A', 5, 0), (2, 'B', 5, 0)`,
      );
      await db.transaction((tx) =>
        writeBatch(tx, [
          rec(10, 1, 3),
          rec(10, 2, 4),
          rec(11, 1, 5),
          { ...rec(12, 1, 6), charges: 1 },
          // a blast pixel: no charge state, must not overwrite the paint's
          { ...rec(13, 1, 6), charges: null, chargesUpdatedAt: null },
        ]),
      );
      expect(await db.query('SELECT id, color, user_id FROM pixels ORDER BY id')).toEqual([
        { id: 10, color: 4, user_id: 2 },
        { id: 11, color: 5, user_id: 1 },
        { id: 12, color: 6, user_id: 1 },
        { id: 13, color: 6, user_id: 1 },
      ]);
      expect(await db.query('SELECT id, repaints, charges FROM users ORDER BY id')).toEqual([
        { id: 1, repaints: 4, charges: 1 },
        { id: 2, repaints: 1, charges: 3 },
      ]);
      expect(await db.query(`SELECT ${WINDOWS} FROM users WHERE id = 1`)).toEqual([
        windowsRow('d2026-11-22', 4, 'w2026-11-16', 4, 'm2026-11', 4),
      ]);
      expect(await db.query(`SELECT name, value FROM counters ORDER BY name`)).toEqual([
        { name: 'repaints', value: 5 },
        { name: 'repaints:d2026-11-22', value: 5 },
      ]);
      // A group committed late (another instance's) with an older paint of pixel 10 leaves it be.
      await db.transaction((tx) => writeBatch(tx, [rec(10, 1, 9, Date.UTC(2026, 10, 22, 11))]));
      expect(await db.query('SELECT color, user_id FROM pixels WHERE id = 10')).toEqual([
        { color: 4, user_id: 2 },
      ]);
    } finally {
      await db.close();
      await store.dispose();
    }
  });
});

describe("the player's windows on its row", () => {
  const at = (d: number, h: number) => Date.UTC(2026, 10, d, h);
  const windows = (db: Sql) => db.query(`SELECT ${WINDOWS} FROM users WHERE id = 1`);

  it('starts a new window at its first paint, across midnight and a month, and ignores an older group', async () => {
    const store = await createTestStore('pglite');
    const db = await store.open();
    try {
      await migrate(db);
      await db.query(`INSERT INTO users (id, first_name, charges, charges_updated_at) VALUES (1, 'A', 5, 0)`);
      // Sunday 29 November, 23:00 twice, then Monday 30th (a new day and ISO week) in one group.
      await db.transaction((tx) =>
        writeBatch(tx, [rec(1, 1, 1, at(29, 23)), rec(2, 1, 1, at(29, 23)), rec(3, 1, 1, at(30, 1))]),
      );
      expect(await windows(db)).toEqual([windowsRow('d2026-11-30', 1, 'w2026-11-30', 1, 'm2026-11', 3)]);
      // Another instance's group of Sunday commits after it: the newer windows stay as they are,
      // the month (still the same) counts it.
      await db.transaction((tx) => writeBatch(tx, [rec(4, 1, 1, at(29, 22))]));
      expect(await windows(db)).toEqual([windowsRow('d2026-11-30', 1, 'w2026-11-30', 1, 'm2026-11', 4)]);
      // Tuesday 1 December: a new day and month, the same week.
      await db.transaction((tx) =>
        writeBatch(tx, [rec(5, 1, 1, Date.UTC(2026, 11, 1, 9)), rec(6, 1, 1, Date.UTC(2026, 11, 1, 9))]),
      );
      expect(await windows(db)).toEqual([windowsRow('d2026-12-01', 2, 'w2026-11-30', 3, 'm2026-12', 2)]);
      expect(await db.query(`SELECT name, value FROM counters ORDER BY name`)).toEqual([
        { name: 'repaints', value: 6 },
        { name: 'repaints:d2026-11-29', value: 3 },
        { name: 'repaints:d2026-11-30', value: 1 },
        { name: 'repaints:d2026-12-01', value: 2 },
      ]);
    } finally {
      await db.close();
      await store.dispose();
    }
  });
});

describe('commit stream', () => {
  /** A transaction that runs nothing, waits while `gate` is closed and fails while `failing` says so. */
  function fakeDb() {
    const log: string[] = [];
    let open: () => void = () => {};
    let gate: Promise<void> = Promise.resolve();
    let failures = 0;
    const transaction: CommitterOptions['transaction'] = async (fn) => {
      await gate;
      if (failures > 0) {
        failures--;
        log.push('failed');
        throw new Error('connection lost');
      }
      const result = await fn(recordingSql());
      log.push('committed');
      return result;
    };
    return {
      log,
      transaction,
      close() {
        gate = new Promise((r) => (open = r));
      },
      open: () => open(),
      failNext(n: number) {
        failures = n;
      },
    };
  }
  const ids = (changes: readonly PixelChange[]) => changes.map((c) => c.pixelId);

  it('publishes each committed group once, with every change, before its paints are acknowledged', async () => {
    const db = fakeDb();
    const c = createCommitter({ windowMs: 5, overwrites: null, transaction: db.transaction });
    const seen: (readonly PixelChange[])[] = [];
    c.onCommitted((changes) => {
      seen.push(changes);
      db.log.push(`published ${ids(changes).join(',')}`);
    });
    const acks = [1, 2, 3].map((p) => c.submit(rec(p, 1, p + 1)).then(() => db.log.push(`ack ${p}`)));
    await Promise.all(acks);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.map((ch) => [ch.pixelId, ch.color])).toEqual([
      [1, 2],
      [2, 3],
      [3, 4],
    ]);
    expect(db.log).toEqual(['committed', 'published 1,2,3', 'ack 1', 'ack 2', 'ack 3']);
    await c.submitMany([rec(4, 1), rec(5, 2)]);
    expect(seen.map(ids)).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('publishes nothing for a failed commit, and the group once when its retry commits', async () => {
    const db = fakeDb();
    const seen: number[][] = [];
    // What the stream had carried when each attempt failed.
    const seenAtError: number[] = [];
    const c = createCommitter({
      windowMs: 0,
      overwrites: null,
      transaction: db.transaction,
      onError: () => seenAtError.push(seen.length),
    });
    c.onCommitted((changes) => seen.push(ids(changes)));
    db.failNext(2);
    await c.submit(rec(7, 1));
    expect(seenAtError).toEqual([0, 0]);
    expect(db.log).toEqual(['failed', 'failed', 'committed']);
    expect(seen).toEqual([[7]]);
  });

  it('keeps commit order across groups and oversized groups split in several transactions', async () => {
    const db = fakeDb();
    const c = createCommitter({ windowMs: 5, maxBatch: 3, overwrites: null, transaction: db.transaction });
    const seen: number[][] = [];
    c.onCommitted((changes) => seen.push(ids(changes)));
    db.close();
    const first = c.submitMany([1, 2, 3, 4, 5, 6, 7].map((p) => rec(p, 1)));
    const second = c.submit(rec(8, 2));
    await new Promise((r) => setTimeout(r, 15));
    expect(seen).toEqual([]);
    db.open();
    await Promise.all([first, second]);
    await c.flush();
    expect(seen).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8],
    ]);
    expect(db.log.filter((l) => l === 'committed')).toHaveLength(3);
  });

  it('puts announced changes after the records submitted before them, before those submitted after', async () => {
    const db = fakeDb();
    const c = createCommitter({ windowMs: 5, overwrites: null, transaction: db.transaction });
    const seen: number[][] = [];
    c.onCommitted((changes) => seen.push(ids(changes)));
    // Nothing pending: out at once.
    c.announce([{ pixelId: 100, color: 1 }]);
    expect(seen).toEqual([[100]]);
    db.close();
    const before = c.submitMany([rec(1, 1), rec(2, 1)]);
    c.announce([{ pixelId: 101, color: 1 }]);
    c.announce([{ pixelId: 102, color: 1 }]);
    const after = c.submit(rec(3, 1));
    await new Promise((r) => setTimeout(r, 15));
    expect(seen).toEqual([[100]]);
    db.open();
    await Promise.all([before, after]);
    // One transaction wrote 1, 2 and 3; the announcements sit where they were made.
    expect(db.log).toEqual(['committed']);
    expect(seen).toEqual([[100], [1, 2], [101], [102], [3]]);
  });

  it('goes on when a listener throws, and stops calling a listener that unsubscribed', async () => {
    const db = fakeDb();
    const listenerErrors: unknown[] = [];
    const c = createCommitter({
      windowMs: 0,
      overwrites: null,
      transaction: db.transaction,
      onListenerError: (err) => listenerErrors.push(err),
    });
    const seen: number[][] = [];
    c.onCommitted(() => {
      throw new Error('listener bug');
    });
    const stop = c.onCommitted((changes) => seen.push(ids(changes)));
    await c.submit(rec(1, 1));
    expect(seen).toEqual([[1]]);
    expect(listenerErrors).toHaveLength(1);
    stop();
    await c.submit(rec(2, 1));
    expect(seen).toEqual([[1]]);
    expect(c.healthy).toBe(true);
  });

  it('runs the overwrite log first in every group transaction', async () => {
    const texts: string[] = [];
    const batches: number[][] = [];
    const c = createCommitter({
      windowMs: 0,
      overwrites: {
        statement: (batch) => {
          batches.push(batch.map((r) => r.pixelId));
          return { text: 'OVERWRITES', params: [] };
        },
      },
      transaction: async (fn) => fn(recordingSql((t) => texts.push(t))),
    });
    await c.submitMany([rec(5, 1), rec(6, 2)]);
    expect(batches).toEqual([[5, 6]]);
    expect(texts[0]).toBe('OVERWRITES');
    expect(texts[1]).toContain('INSERT INTO pixels');
  });

  it('puts every change of a group in the paint log, in its transaction, in commit order', async () => {
    const texts: string[] = [];
    const logged: [number, string][][] = [];
    const c = createCommitter({
      windowMs: 0,
      overwrites: null,
      paintLog: {
        statements: (batch) => {
          logged.push(batch.map((r) => [r.pixelId, r.kind ?? 'paint']));
          return [{ text: 'PAINT LOG', params: [] }];
        },
      },
      transaction: async (fn) => fn(recordingSql((t) => texts.push(t))),
    });
    await c.submitMany([rec(5, 1), { ...rec(6, 2), kind: 'blast' }, { ...rec(5, 3), kind: 'rollback' }]);
    expect(logged).toEqual([
      [
        [5, 'paint'],
        [6, 'blast'],
        [5, 'rollback'],
      ],
    ]);
    expect(texts[0]).toBe('PAINT LOG');
  });

  it("counts no repaints for a rollback's changes: only paints and blasts are repaints", async () => {
    const params = new Map<string, readonly unknown[]>();
    const sql = recordingSql((t, p) => params.set(t.trim().split(/\s+/).slice(0, 3).join(' '), p));
    await writeBatch(sql, [
      rec(1, 7),
      { ...rec(2, 8), kind: 'rollback', charges: null, chargesUpdatedAt: null },
    ]);
    expect(params.get('UPDATE users AS')?.[0]).toEqual([7]);
    expect(params.get('INSERT INTO counters')?.[1]).toEqual([1, 1]);
    expect(params.get('INSERT INTO pixels')?.[0]).toEqual([1, 2]);
    params.clear();
    await writeBatch(sql, [{ ...rec(3, 8), kind: 'rollback', charges: null, chargesUpdatedAt: null }]);
    expect([...params.keys()]).toEqual(['INSERT INTO pixels']);
  });
});
