/**
 * One database interface over PGlite (embedded: in a worker thread by default, see pglite-thread.ts)
 * and PostgreSQL (node-postgres pool). Modules write SQL against `Sql`, each in its own
 * `modules/<m>/store.ts`; the SQL migrations in `migrations/` are the schema.
 */
import fs from 'node:fs';
import path from 'node:path';
import { inlineStatements } from './inline-sql.ts';
import type { WorkerMemory } from './pglite-protocol.ts';
import { openPgliteWorker } from './pglite-thread.ts';

export type Row = Record<string, unknown>;

export interface Statement {
  text: string;
  params?: readonly unknown[];
}

export interface Sql {
  query<T extends object = Row>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /**
   * Runs the statements in order, results discarded, stopping at the first that fails. Where the
   * driver can, in one round trip: the worker-thread PGlite takes them in one message instead of
   * one each, so a group commit no longer waits for the event loop between its statements.
   */
  queries?(statements: readonly Statement[]): Promise<void>;
}

/** `sql.queries` where the driver has it, otherwise one statement after another. */
export async function runStatements(sql: Sql, statements: readonly Statement[]): Promise<void> {
  if (sql.queries) return sql.queries(statements);
  for (const s of statements) await sql.query(s.text, s.params);
}

export interface Database extends Sql {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction; rolls back when it throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  /**
   * Runs `statements` in order in one transaction of their own (results discarded; rolled back at
   * the first that fails) and resolves after COMMIT, in one round trip. The group commit uses it.
   * The PGlite worker takes BEGIN, the statements and COMMIT in one message instead of three (a
   * quiet paint is acknowledged ~1 ms sooner); PostgreSQL gets them as one simple-protocol query
   * with the parameters written in (`inline-sql.ts`) instead of a round trip each (BENCHMARKS.md).
   * The PGlite in the calling thread (tools, tests) has none.
   */
  writeTransaction?(statements: readonly Statement[]): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite in a worker thread: that thread's memory, which the process's own figures leave out. */
  workerMemory?(): Promise<WorkerMemory>;
}

export interface DatabaseOptions {
  /** postgres:// URL; absent → PGlite. */
  url: string | null;
  /** PGlite data directory; null → in memory (tests). */
  dataDir: string | null;
  poolSize?: number;
  /**
   * PGlite only: run it on the calling thread instead of a worker thread. Every query then blocks
   * the caller's event loop while PGlite works; for tools and tests that want no extra thread.
   */
  inThread?: boolean;
}

// int8 arrives as a string from node-postgres; our bigints (user ids, counters) fit in a double.
const INT8_OID = 20;

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts.poolSize ?? 10);
  let dir: string | null = null;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
  }
  return opts.inThread ? openPgliteInThread(dir) : (await openPgliteWorker(dir)).db;
}

async function openPgliteInThread(dir: string | null): Promise<Database> {
  // Loaded here, not with this module: the server's PGlite runs in the worker thread, so the main
  // thread never needs PGlite's JavaScript (built with splitting, this is a chunk of its own).
  const { createPglite } = await import('./pglite-durable.ts');
  const client = await createPglite(dir);
  const query = async <T extends object>(text: string, params?: readonly unknown[]) =>
    (await client.query<T>(text, params as unknown[] | undefined)).rows;
  return {
    kind: 'pglite',
    query,
    transaction: (fn) =>
      client.transaction((tx) =>
        fn({
          query: async <T extends object>(text: string, params?: readonly unknown[]) =>
            (await tx.query<T>(text, params as unknown[] | undefined)).rows,
        }),
      ),
    ping: async () => {
      await client.query('SELECT 1');
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  // Loaded here, not with this module: the embedded server never needs node-postgres, and this
  // module loads before the database starts opening (main.ts).
  const { default: pg } = await import('pg');
  const int8Types = {
    getTypeParser: ((oid: number, format?: string) =>
      oid === INT8_OID
        ? (v: string) => Number(v)
        : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
  };
  const pool = new pg.Pool({ connectionString: url, max, types: int8Types });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {});
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    query: async <T extends object>(text: string, params?: readonly unknown[]) =>
      (await pool.query<T>(text, params as unknown[] | undefined)).rows,
    transaction: async (fn) => {
      const conn = await pool.connect();
      try {
        await conn.query('BEGIN');
        const result = await fn({
          query: async <T extends object>(text: string, params?: readonly unknown[]) =>
            (await conn.query<T>(text, params as unknown[] | undefined)).rows,
        });
        await conn.query('COMMIT');
        return result;
      } catch (err) {
        await conn.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        conn.release();
      }
    },
    writeTransaction: async (statements) => {
      // Several statements in one simple query are one implicit transaction: all or none.
      if (statements.length > 0) await pool.query(inlineStatements(statements, pg.escapeLiteral));
    },
    ping: async () => {
      await pool.query('SELECT 1');
    },
    close: () => pool.end(),
  };
}
