import { describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate.ts';
import { batchStatements, type PaintRecord } from '../../engine/committer.ts';
import { createTestStore, dbKinds } from '../../testing/harness.ts';
import { pixelOverwrites } from './overwrites.ts';

const kinds = await dbKinds();

/** A group of `n` paints by players 1–1,000 over pixels spread across the canvas. */
function group(n: number): PaintRecord[] {
  const at = Date.UTC(2026, 11, 2, 12);
  return Array.from({ length: n }, (_, i) => ({
    pixelId: 1 + ((i * 524_287) % 1_048_576),
    color: i % 32,
    userId: 1 + (i % 1000),
    squadId: 1 + (i % 50),
    at: at + i,
    charges: 5,
    chargesUpdatedAt: at + i,
  }));
}

describe.each(kinds)('the group commit on a large wall (%s)', (kind) => {
  // Joined to the batch, the pixels and players were hashed whole for every group: the cost of a
  // group grew with the canvas and the player count (BENCHMARKS.md, "The group commit's plans").
  it('finds the pixels, players and squads it writes by their keys, never by reading a whole table', async () => {
    const store = await createTestStore(kind);
    const db = await store.open();
    try {
      await migrate(db);
      await db.query(
        `INSERT INTO users (id, first_name, charges, charges_updated_at)
         SELECT g, 'p' || g, 30, 0 FROM generate_series(1, 50000) g`,
      );
      await db.query(
        `INSERT INTO squads (name, slug) SELECT 'squad ' || g, 'squad-' || g FROM generate_series(1, 5000) g`,
      );
      await db.query(
        `INSERT INTO pixels (id, color, user_id, painted_at)
         SELECT g * 7, 1, 1 + g % 50000, now() FROM generate_series(1, 140000) g`,
      );
      await db.query('ANALYZE');
      const statements = batchStatements(group(2000), pixelOverwrites);
      // sold pixels, pixels, players, squads, counters
      expect(statements).toHaveLength(5);
      for (const s of statements) {
        const plan = (await db.query<Record<string, string>>(`EXPLAIN ${s.text}`, s.params))
          .map((row) => Object.values(row)[0])
          .join('\n');
        expect(plan, s.text).not.toMatch(/Seq Scan on (pixels|users|squads)\b/);
      }
    } finally {
      await db.close();
      await store.dispose();
    }
  }, 60_000);
});
