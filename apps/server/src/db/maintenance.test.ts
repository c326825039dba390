import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModuleLog } from '../app/module.ts';
import { type Database, openDatabase } from './client.ts';
import { createDbMaintenanceModule } from './maintenance.ts';

function recordingLog() {
  const lines: { level: string; obj: object; msg: string }[] = [];
  const at =
    (level: string) =>
    (obj: object, msg: string): void => {
      lines.push({ level, obj, msg });
    };
  const log: ModuleLog = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { log, lines };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface TableStats {
  n_dead_tup: number;
  last_vacuum: Date | null;
  last_analyze: Date | null;
}

describe('vacuum of the embedded database', () => {
  let db: Database;
  // Postgres publishes a backend's table counters when it goes idle, at most once a second unless
  // told to: the first query asks, the second reads.
  const stats = async () => {
    await db.query('SELECT pg_stat_force_next_flush()');
    return (
      await db.query<TableStats>(
        `SELECT n_dead_tup, last_vacuum, last_analyze FROM pg_stat_user_tables WHERE relname = 'churn'`,
      )
    )[0]!;
  };
  const churn = async () => {
    for (let i = 0; i < 5; i++) await db.query('UPDATE churn SET v = v + 1');
  };

  beforeAll(async () => {
    db = await openDatabase({ url: null, dataDir: null });
    await db.query('CREATE TABLE churn (id int PRIMARY KEY, v int NOT NULL)');
    await db.query('CREATE INDEX ON churn (v)');
    await db.query('INSERT INTO churn SELECT g, 0 FROM generate_series(1, 2000) g');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('is needed: PGlite never vacuums by itself', async () => {
    await churn();
    const s = await stats();
    expect(Number(s.n_dead_tup)).toBeGreaterThanOrEqual(10_000);
    expect(s.last_vacuum).toBeNull();
  });

  it('removes the dead rows and refreshes the statistics, and says how long it took', async () => {
    const { log, lines } = recordingLog();
    const m = createDbMaintenanceModule({ db, intervalMs: 0, log });
    await m.vacuum();
    const s = await stats();
    expect(Number(s.n_dead_tup)).toBe(0);
    expect(s.last_vacuum).not.toBeNull();
    expect(s.last_analyze).not.toBeNull();
    expect(lines).toEqual([
      { level: 'info', obj: { ms: expect.any(Number) }, msg: 'embedded database vacuumed' },
    ]);
  });

  it('runs at its interval while this instance leads, and no more once drained', async () => {
    const { log, lines } = recordingLog();
    const m = createDbMaintenanceModule({ db, intervalMs: 30, log });
    m.lead(true);
    const deadline = Date.now() + 10_000;
    while (lines.length < 2 && Date.now() < deadline) await sleep(10);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    await m.drain();
    const after = lines.length;
    await churn();
    await sleep(150);
    expect(lines.length).toBe(after);
    expect(Number((await stats()).n_dead_tup)).toBeGreaterThan(0);
  });
});

describe('vacuum elsewhere', () => {
  function fakeDb(kind: Database['kind'], fail = false) {
    const queries: string[] = [];
    return {
      queries,
      db: {
        kind,
        query: async <T>(text: string): Promise<T[]> => {
          queries.push(text);
          if (fail) throw new Error('disk full');
          return [];
        },
      } as Pick<Database, 'kind' | 'query'>,
    };
  }

  it('leaves PostgreSQL to its own autovacuum, and does nothing when switched off or not leading', async () => {
    const { log } = recordingLog();
    const pg = fakeDb('postgres');
    const onPostgres = createDbMaintenanceModule({ db: pg.db, intervalMs: 10, log });
    onPostgres.lead(true);
    const off = fakeDb('pglite');
    const switchedOff = createDbMaintenanceModule({ db: off.db, intervalMs: 0, log });
    switchedOff.lead(true);
    const follower = fakeDb('pglite');
    const notLeading = createDbMaintenanceModule({ db: follower.db, intervalMs: 10, log });
    notLeading.lead(true);
    notLeading.lead(false);
    await sleep(80);
    for (const m of [onPostgres, switchedOff, notLeading]) m.stop();
    expect([pg.queries, off.queries, follower.queries]).toEqual([[], [], []]);
  });

  it('logs a failed vacuum as a warning and never rejects; one runs at a time', async () => {
    const { log, lines } = recordingLog();
    const failing = fakeDb('pglite', true);
    const m = createDbMaintenanceModule({ db: failing.db, intervalMs: 0, log });
    const [a, b] = [m.vacuum(), m.vacuum()];
    expect(a).toBe(b);
    await expect(a).resolves.toBeUndefined();
    expect(failing.queries).toEqual(['VACUUM (ANALYZE)']);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      ['warn', 'vacuum of the embedded database failed; the next interval tries again'],
    ]);
  });
});
