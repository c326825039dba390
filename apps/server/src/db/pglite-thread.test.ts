import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaintRecord, writeBatch } from '../engine/committer.ts';
import { type Database, openDatabase } from './client.ts';
import { migrate } from './migrate.ts';
import { createDataDir, openPgliteWorker } from './pglite-thread.ts';

let worker: Database;
let inThread: Database;

beforeAll(async () => {
  [worker, inThread] = await Promise.all([
    openDatabase({ url: null, dataDir: null }),
    openDatabase({ url: null, dataDir: null, inThread: true }),
  ]);
  await Promise.all([migrate(worker), migrate(inThread)]);
});
afterAll(async () => {
  await Promise.all([worker?.close(), inThread?.close()]);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A row with each value's runtime type beside it, so `toStrictEqual` compares shapes, not only values. */
function typed(row: object): Record<string, [string, unknown]> {
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => [
      k,
      [v === null ? 'null' : typeof v === 'object' ? v.constructor.name : typeof v, v],
    ]),
  );
}

// One value per column type the migrations use, sent as a parameter the way the modules send it.
const SAMPLES: Record<string, unknown> = {
  int2: 7,
  int4: 2_000_000_000,
  int8: 9_007_199_254_740_991,
  numeric: '123456789012345678901234567890.123456789',
  text: 'héllo \u{1F3A8}',
  bool: true,
  timestamptz: new Date('2026-01-02T03:04:05.678Z'),
  jsonb: { a: [1, 'b', null], n: { x: 1.5 } },
  float8: 1.25,
  bytea: Buffer.from([0, 1, 254, 255]),
};
/** Array column types (the paint log's pixel ids), sent as an array: no array of them is built. */
const ARRAY_SAMPLES: Record<string, unknown[]> = {
  _int4: [1, 2_000_000_000, -3],
};

describe('PGlite in a worker thread', () => {
  it('returns rows of the same shape as the in-thread PGlite, for every column type of the schema', async () => {
    const used = await worker.query<{ udt_name: string }>(
      `SELECT DISTINCT udt_name FROM information_schema.columns WHERE table_schema = 'public' ORDER BY 1`,
    );
    // A new column type needs a sample here before the shapes can be trusted.
    expect(used.map((r) => r.udt_name).filter((t) => !(t in SAMPLES) && !(t in ARRAY_SAMPLES))).toEqual([]);

    const types = Object.keys(SAMPLES);
    const sql = `SELECT ${types.map((t, i) => `$${i + 1}::${t} AS ${t}, $${i + 1}::${t}::text AS ${t}_text, ARRAY[$${i + 1}::${t}, NULL] AS ${t}_array`).join(', ')}, NULL::int8 AS nothing`;
    const params = Object.values(SAMPLES);
    const [fromWorker] = await worker.query(sql, params);
    const [fromThread] = await inThread.query(sql, params);
    expect(typed(fromWorker!)).toStrictEqual(typed(fromThread!));
    expect(fromWorker).toMatchObject({
      int8: 9_007_199_254_740_991,
      numeric: '123456789012345678901234567890.123456789',
      timestamptz: new Date('2026-01-02T03:04:05.678Z'),
      jsonb: { a: [1, 'b', null], n: { x: 1.5 } },
      bytea: new Uint8Array([0, 1, 254, 255]),
      int8_array: [9_007_199_254_740_991, null],
      nothing: null,
    });
    expect(fromWorker!.timestamptz).toBeInstanceOf(Date);

    const arrays = Object.keys(ARRAY_SAMPLES);
    const arraySql = `SELECT ${arrays.map((t, i) => `$${i + 1}::${t} AS ${t}, $${i + 1}::${t}::text AS ${t}_text`).join(', ')}`;
    const [arraysFromWorker] = await worker.query(arraySql, Object.values(ARRAY_SAMPLES));
    const [arraysFromThread] = await inThread.query(arraySql, Object.values(ARRAY_SAMPLES));
    expect(typed(arraysFromWorker!)).toStrictEqual(typed(arraysFromThread!));
    expect(arraysFromWorker).toMatchObject({ _int4: [1, 2_000_000_000, -3] });
  });

  it('writes a group-commit batch (array parameters) exactly as the in-thread PGlite does', async () => {
    const at = Date.UTC(2026, 0, 2, 3, 4, 5);
    const batch: PaintRecord[] = [
      { pixelId: 10, color: 3, userId: 501, squadId: null, at, charges: 9, chargesUpdatedAt: at },
      {
        pixelId: 11,
        color: 4,
        userId: 502,
        squadId: null,
        at: at + 1,
        charges: null,
        chargesUpdatedAt: null,
      },
      { pixelId: 10, color: 5, userId: 502, squadId: null, at: at + 2, charges: 8, chargesUpdatedAt: at + 2 },
    ];
    const results = [];
    for (const db of [worker, inThread]) {
      await db.query(
        `INSERT INTO users (id, first_name, charges, charges_updated_at)
         SELECT * FROM unnest($1::bigint[], $2::text[], $3::int[], $4::bigint[])`,
        [
          [501, 502],
          ['A', 'B'],
          [10, 10],
          [0, 0],
        ],
      );
      await db.transaction((tx) => writeBatch(tx, batch));
      const read = async (sql: string) => (await db.query(sql)).map(typed);
      results.push({
        pixels: await read('SELECT * FROM pixels WHERE id IN (10, 11) ORDER BY id'),
        users: (await read('SELECT * FROM users WHERE id IN (501, 502) ORDER BY id')).map(
          (u): Record<string, unknown> => ({
            ...u,
            // now() at insert: differs between the two databases, its type must not.
            created_at: u.created_at?.[0],
            last_seen_at: u.last_seen_at?.[0],
          }),
        ),
        counters: await read("SELECT * FROM counters WHERE name = 'repaints'"),
      });
    }
    expect(results[0]).toStrictEqual(results[1]);
    expect(results[0]!.pixels).toHaveLength(2);
    expect(results[0]!.users[0]!.repaints).toEqual(['number', 1]);
  });

  it('commits a transaction, and rolls one back when its function throws', async () => {
    await worker.query('CREATE TABLE t_commit (id int PRIMARY KEY)');
    await expect(
      worker.transaction(async (tx) => {
        await tx.query('INSERT INTO t_commit VALUES (1)');
        return 'done';
      }),
    ).resolves.toBe('done');
    const boom = new Error('boom');
    await expect(
      worker.transaction(async (tx) => {
        await tx.query('INSERT INTO t_commit VALUES (2)');
        expect(await tx.query('SELECT id FROM t_commit ORDER BY id')).toEqual([{ id: 1 }, { id: 2 }]);
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(await worker.query('SELECT id FROM t_commit ORDER BY id')).toEqual([{ id: 1 }]);
  });

  it('writes statements in one transaction of their own, all or none, in turn with the others', async () => {
    await worker.query('CREATE TABLE t_write (id int PRIMARY KEY, v text)');
    const write = worker.writeTransaction!;
    await write([
      {
        text: 'INSERT INTO t_write SELECT * FROM unnest($1::int[], $2::text[])',
        params: [
          [1, 2],
          ['a', 'b'],
        ],
      },
      { text: 'UPDATE t_write SET v = v || $1 WHERE id = 2', params: ['!'] },
    ]);
    expect(await worker.query('SELECT * FROM t_write ORDER BY id')).toEqual([
      { id: 1, v: 'a' },
      { id: 2, v: 'b!' },
    ]);
    // The second statement fails (id 1 exists): the first one's row is rolled back with it.
    await expect(
      write([
        { text: 'INSERT INTO t_write VALUES (3, $1)', params: ['c'] },
        { text: 'INSERT INTO t_write VALUES (1, $1)', params: ['again'] },
      ]),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await worker.query('SELECT id FROM t_write ORDER BY id')).toEqual([{ id: 1 }, { id: 2 }]);
    // An open transaction holds the database: the write waits for it, and sees what it committed.
    const order: string[] = [];
    const open = worker.transaction(async (tx) => {
      await tx.query("UPDATE t_write SET v = 'held' WHERE id = 1");
      await sleep(50);
      order.push('transaction');
    });
    await sleep(5);
    const written = write([{ text: "UPDATE t_write SET v = v || '+' WHERE id = 1" }]).then(() =>
      order.push('write'),
    );
    await Promise.all([open, written]);
    expect(order).toEqual(['transaction', 'write']);
    expect(await worker.query('SELECT v FROM t_write WHERE id = 1')).toEqual([{ v: 'held+' }]);
  });

  it('keeps the Postgres error fields, so callers can tell a unique violation (23505)', async () => {
    await worker.query('CREATE TABLE t_unique (id int PRIMARY KEY)');
    await worker.query('INSERT INTO t_unique VALUES (1)');
    const plain = await worker.query('INSERT INTO t_unique VALUES (1)').catch((e: unknown) => e);
    expect(plain).toBeInstanceOf(pg.DatabaseError);
    expect(plain).toMatchObject({
      code: '23505',
      severity: 'ERROR',
      constraint: 't_unique_pkey',
      table: 't_unique',
      message: expect.stringContaining('duplicate key'),
    });
    const inTx = await worker
      .transaction((tx) => tx.query('INSERT INTO t_unique VALUES (1)'))
      .catch((e: unknown) => e);
    expect(inTx).toMatchObject({ code: '23505' });
    // A failed COMMIT (deferred check) reports its code too, and the connection stays usable.
    await worker.query(
      'CREATE TABLE t_deferred (id int, CONSTRAINT u UNIQUE (id) DEFERRABLE INITIALLY DEFERRED)',
    );
    const atCommit = await worker
      .transaction(async (tx) => {
        await tx.query('INSERT INTO t_deferred VALUES (1), (1)');
      })
      .catch((e: unknown) => e);
    expect(atCommit).toMatchObject({ code: '23505' });
    expect(await worker.query('SELECT count(*)::int AS n FROM t_deferred')).toEqual([{ n: 0 }]);
    expect(await worker.query('SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
  });

  it('serialises transactions: others, and plain queries, wait in arrival order until one ends', async () => {
    await worker.query('CREATE TABLE t_serial (n int NOT NULL)');
    await worker.query('INSERT INTO t_serial VALUES (0)');
    const log: string[] = [];
    const first = worker.transaction(async (tx) => {
      log.push('first: begin');
      await tx.query('UPDATE t_serial SET n = n + 100');
      await sleep(50);
      log.push('first: end');
    });
    await sleep(5);
    const plain = worker.query<{ n: number }>('SELECT n FROM t_serial').then((rows) => {
      log.push(`plain sees ${rows[0]!.n}`);
    });
    // Read-modify-write with a pause in between: interleaved, these would lose updates.
    const increments = Array.from({ length: 20 }, (_, i) =>
      worker.transaction(async (tx) => {
        if (i === 0) log.push('increments: begin');
        const [row] = await tx.query<{ n: number }>('SELECT n FROM t_serial');
        await sleep(1);
        await tx.query('UPDATE t_serial SET n = $1', [row!.n + 1]);
      }),
    );
    await Promise.all([first, plain, ...increments]);
    expect(log).toEqual(['first: begin', 'first: end', 'plain sees 100', 'increments: begin']);
    expect(await worker.query('SELECT n FROM t_serial')).toEqual([{ n: 120 }]);
  });

  it('runs queries of one transaction concurrently, and refuses them once it ended', async () => {
    let leaked: Parameters<Parameters<Database['transaction']>[0]>[0] | null = null;
    const rows = await worker.transaction(async (tx) => {
      leaked = tx;
      return Promise.all([1, 2, 3].map((i) => tx.query<{ i: number }>('SELECT $1::int AS i', [i])));
    });
    expect(rows.flat()).toEqual([{ i: 1 }, { i: 2 }, { i: 3 }]);
    await expect(leaked!.query('SELECT 1')).rejects.toThrow('Transaction is closed');
  });

  it('fails a call whose parameters cannot cross threads, and nothing else', async () => {
    await expect(worker.query('SELECT $1::text', [() => 1])).rejects.toThrow(/could not be cloned/);
    expect(await worker.query('SELECT 2 AS two')).toEqual([{ two: 2 }]);
  });
});

describe('PGlite worker lifecycle', () => {
  it('close() lets calls in flight finish, then refuses new ones', async () => {
    const db = await openDatabase({ url: null, dataDir: null });
    const inFlight = db.query<{ n: number }>('SELECT count(*)::int AS n FROM generate_series(1, 200000)');
    const tx = db.transaction(async (t) => {
      await sleep(20);
      return t.query('SELECT 1 AS one');
    });
    await db.close();
    await expect(inFlight).resolves.toEqual([{ n: 200000 }]);
    await expect(tx).resolves.toEqual([{ one: 1 }]);
    await expect(db.query('SELECT 1')).rejects.toThrow('database is closed');
    await expect(db.ping()).rejects.toThrow('database is closed');
    await expect(db.close()).resolves.toBeUndefined();
  });

  it('rejects every pending call when the thread dies, and ping fails from then on', async () => {
    const { db, worker: thread } = await openPgliteWorker(null);
    const slow = db.query('SELECT count(*) FROM generate_series(1, 100000000)');
    const queued = db.transaction((tx) => tx.query('SELECT 1'));
    await sleep(50);
    await thread.terminate();
    await expect(slow).rejects.toThrow(/PGlite worker exited unexpectedly/);
    await expect(queued).rejects.toThrow(/PGlite worker exited unexpectedly/);
    await expect(db.ping()).rejects.toThrow(/PGlite worker exited unexpectedly/);
    await expect(db.close()).resolves.toBeUndefined();
  });

  it('keeps data in DATA_DIR/pglite across close and reopen', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-pglite-worker-'));
    try {
      const a = await openDatabase({ url: null, dataDir: dir });
      await a.query('CREATE TABLE kept (v text)');
      await a.transaction((tx) => tx.query('INSERT INTO kept VALUES ($1)', ['yes']));
      await a.close();
      expect(fs.existsSync(path.join(dir, 'pglite', 'PG_VERSION'))).toBe(true);
      const b = await openDatabase({ url: null, dataDir: dir });
      expect(await b.query('SELECT v FROM kept')).toEqual([{ v: 'yes' }]);
      await b.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reports the thread's memory, and a new data directory leaves no initdb instance behind", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-pglite-worker-'));
    try {
      const fresh = await openDatabase({ url: null, dataDir: dir });
      const first = await fresh.workerMemory!();
      await fresh.close();
      const existing = await openDatabase({ url: null, dataDir: dir });
      const again = await existing.workerMemory!();
      await existing.close();
      expect(again.heapUsedBytes).toBeGreaterThan(0);
      expect(again.heapTotalBytes).toBeGreaterThanOrEqual(again.heapUsedBytes);
      expect(again.youngBytes).toBeGreaterThan(0);
      expect(again.wasmBytes).toBeGreaterThan(16 * 2 ** 20);
      expect(again.externalBytes).toBeGreaterThanOrEqual(again.wasmBytes);
      // initdb's instance holds ~430 MiB; the worker on a new directory must hold what a reopen holds.
      expect(first.externalBytes).toBeLessThanOrEqual(again.externalBytes + 32 * 2 ** 20);
      await expect(fresh.workerMemory!()).rejects.toThrow(/closed/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('hands back the young generation that opening and then a load grew, once idle', async () => {
    const db = await openDatabase({ url: null, dataDir: null });
    try {
      const young = async () => (await db.workerMemory!()).youngBytes;
      // polled more slowly than the worker's 300 ms without a request before its first collection
      const interval = 400;
      // the collection after opening (300 ms without a request)
      await expect.poll(young, { timeout: 10_000, interval }).toBeLessThanOrEqual(4 * 2 ** 20);
      const opened = await young();
      for (let i = 0; i < 6; i++) {
        await db.query("SELECT g, repeat('x', 40) AS s FROM generate_series(1, 50000) g");
      }
      expect(await young()).toBeGreaterThan(opened * 4);
      // two quiet seconds later (lib/release-when-idle.ts, on the worker's own loop); V8's own
      // memory reducer would take ~9 s
      await expect.poll(young, { timeout: 6_000, interval }).toBeLessThanOrEqual(opened);
    } finally {
      await db.close();
    }
  }, 30_000);

  it('says why when initdb cannot make the data directory', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-pglite-worker-'));
    try {
      // a file where the data directory's parent should be
      fs.writeFileSync(path.join(dir, 'file'), 'not a directory');
      const inside = path.join(dir, 'file', 'pglite');
      await expect(createDataDir(inside)).rejects.toThrow(
        new RegExp(
          `Creating the PGlite data directory ${inside} failed: initdb exited with code 1: .*ENOTDIR`,
          's',
        ),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('does not keep an idle process alive, as the in-thread PGlite does not', () => {
    const client = fileURLToPath(new URL('./client.ts', import.meta.url));
    const script = `import { openDatabase } from ${JSON.stringify(client)};
      const db = await openDatabase({ url: null, dataDir: null });
      console.log(JSON.stringify(await db.query('SELECT 42 AS n')));`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe('[{"n":42}]');
  });
});
