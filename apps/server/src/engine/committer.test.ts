import { describe, expect, it } from 'vitest';
import type { Sql } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { createTestStore } from '../testing/harness.ts';
import { createCommitter, type PaintRecord, writeBatch } from './committer.ts';

const rec = (pixelId: number, userId: number, color = 1, at = Date.UTC(2026, 10, 22, 12)): PaintRecord => ({
  pixelId,
  color,
  userId,
  squadId: null,
  at,
  charges: 3,
  chargesUpdatedAt: at,
});

describe('committer', () => {
  it('acknowledges only after its batch is written, batching concurrent paints', async () => {
    const written: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const c = createCommitter({
      windowMs: 1,
      transaction: async (fn) => {
        await gate;
        return fn({
          query: async (_t: string, params?: readonly unknown[]) => {
            if (_t.includes('INSERT INTO pixels')) written.push(...(params![0] as number[]));
            return [];
          },
        } as Sql);
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

  it('retries a failed transaction and never drops the paint', async () => {
    let attempts = 0;
    const errors: number[] = [];
    const c = createCommitter({
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

  it('splits oversized groups and flushes on close', async () => {
    const sizes: number[] = [];
    const c = createCommitter({
      windowMs: 50,
      maxBatch: 10,
      transaction: async (fn) =>
        fn({
          query: async (t: string, params?: readonly unknown[]) => {
            if (t.includes('INSERT INTO counters')) sizes.push((params![1] as number[])[0]!);
            return [];
          },
        } as Sql),
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
      windowMs: 10,
      releaseChunk: 2,
      transaction: async (fn) => {
        // Scheduled before the group is released: what each following macrotask sees of it.
        setImmediate(() => everyTurn(2));
        return fn({ query: async () => [] } as unknown as Sql);
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
      expect(
        await db.query(
          `SELECT period, user_id, repaints FROM user_period_repaints WHERE user_id = 1 ORDER BY period`,
        ),
      ).toEqual([
        { period: 'd2026-11-22', user_id: 1, repaints: 4 },
        { period: 'm2026-11', user_id: 1, repaints: 4 },
        { period: 'w2026-11-16', user_id: 1, repaints: 4 },
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
