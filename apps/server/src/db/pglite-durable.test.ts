import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPglite, syncCounts } from './pglite-durable.ts';

describe('PGlite on disk, synced as PostgreSQL syncs it', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it('runs with fsync on and fdatasyncs the WAL once per COMMIT', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-pglite-sync-'));
    dirs.push(dir);
    const fsyncsBeforeOpen = syncCounts.fsync;
    const pg = await createPglite(dir);
    // initdb's files arrive unsynced: a new data directory is synced file by file once.
    const files = fs.readdirSync(dir, { recursive: true }).length;
    expect(syncCounts.fsync - fsyncsBeforeOpen).toBeGreaterThanOrEqual(files);
    let fsyncsBeforeClose = Number.POSITIVE_INFINITY;
    try {
      expect((await pg.query<{ fsync: string }>('SHOW fsync')).rows[0]?.fsync).toBe('on');
      // Over initdb's 128MB, all of which would be resident from the start (EMBEDDED_POSTGRES_SETTINGS).
      const buffers = await pg.query<{ shared_buffers: string }>('SHOW shared_buffers');
      expect(buffers.rows[0]?.shared_buffers).toBe('16MB');
      await pg.query('CREATE TABLE t (x int)');
      const before = syncCounts.fdatasync;
      for (let i = 0; i < 3; i++) await pg.query('INSERT INTO t VALUES ($1)', [i]);
      expect(syncCounts.fdatasync - before).toBe(3);
      // A read-only statement commits nothing to flush.
      await pg.query('SELECT count(*) FROM t');
      expect(syncCounts.fdatasync - before).toBe(3);
      await pg.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (10)');
        await tx.query('INSERT INTO t VALUES (11)');
      });
      expect(syncCounts.fdatasync - before).toBe(4);
      fsyncsBeforeClose = syncCounts.fsync;
    } finally {
      await pg.close();
    }
    // Closing checkpoints: the data files are fsynced before the WAL behind them may go.
    expect(syncCounts.fsync).toBeGreaterThan(fsyncsBeforeClose);
  }, 120_000);

  it('keeps PGlite in memory, unsynced, without a data directory', async () => {
    const pg = await createPglite(null);
    try {
      expect((await pg.query<{ fsync: string }>('SHOW fsync')).rows[0]?.fsync).toBe('off');
    } finally {
      await pg.close();
    }
  }, 120_000);
});
