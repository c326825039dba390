import { pixelIdOf } from '@pixel-wall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import type { PaintRecord } from '../../engine/committer.ts';
import { createMemoryEngine } from '../../engine/memory.ts';
import { createTestStore, type TestStore } from '../../testing/harness.ts';
import { createRollbackService } from './rollback.ts';
import { paintLogWriter } from './service.ts';

const T0 = Date.UTC(2026, 11, 3, 12);
const A = pixelIdOf(10, 10);
const B = pixelIdOf(11, 10);

const record = (pixelId: number, userId: number, color: number, at: number): PaintRecord => ({
  pixelId,
  color,
  userId,
  squadId: null,
  at,
  charges: null,
  chargesUpdatedAt: null,
});

describe('a rollback and the paints that land while it runs', () => {
  let store: TestStore;
  let db: Database;

  beforeAll(async () => {
    store = await createTestStore('pglite');
    db = await store.open();
    await migrate(db);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    await store?.dispose();
  });

  it('keeps a paint that lands in the same millisecond the rollback started, and writes only what it took', async () => {
    const history = [
      record(A, 1, 3, T0 - 1000),
      record(B, 1, 3, T0 - 1000),
      record(A, 2, 5, T0 - 500),
      record(B, 2, 5, T0 - 500),
    ];
    for (const s of paintLogWriter.statements(history)) await db.query(s.text, s.params);
    const engine = createMemoryEngine({
      rulesFor: () => ({ max: 10, speedMs: 1000 }),
      loadCharges: async () => null,
    });
    await engine.restorePixels(
      history.map((r) => ({ id: r.pixelId, color: r.color, userId: r.userId, paintedAt: r.at })),
    );
    const submitted: PaintRecord[] = [];
    const rollback = createRollbackService({
      db,
      now: () => T0,
      committer: { flush: async () => {}, submitMany: async (records) => void submitted.push(...records) },
      engine: {
        pixel: (id) => engine.pixel(id),
        canvas: () => engine.canvas(),
        // A player paints B at the very moment the rollback started, before its restore lands.
        async restorePixels(rows) {
          await engine.paint({ userId: 3, pixelId: B, color: 7, now: T0 });
          return engine.restorePixels(rows);
        },
      },
    });
    const n = await rollback.rollback(900, { x: 10, y: 10, w: 2, h: 1, since: T0 - 700, dryRun: false });
    expect(n).toBe(1);
    expect(await engine.pixel(A)).toMatchObject({ color: 3, userId: 1 });
    expect(await engine.pixel(B)).toMatchObject({ color: 7, userId: 3, paintedAt: T0 });
    expect(submitted.map((r) => [r.pixelId, r.color, r.userId, r.kind])).toEqual([[A, 3, 1, 'rollback']]);
    const [entry] = await db.query<{ action: string; target_id: string }>(
      'SELECT action, target_id FROM moderation_log',
    );
    expect(entry?.action).toBe('rollback');
  });
});
