/**
 * One database interface over PGlite (embedded: in a worker thread by default, see pglite-thread.ts)
 * and PostgreSQL (node-postgres pool). Modules write SQL against `Sql`, each in its own
 * `modules/<m>/store.ts`; the SQL migrations in `migrations/` are the schema.
 */
import path from 'node:path';
import { ConfigError } from '../config.ts';
import { wasmTierUp } from '../lib/memory-limit.ts';
import { ensurePrivateDir, makePrivate } from './data-dir.ts';
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
  /** PGlite in its worker only: let V8 optimise postgres's WebAssembly (DB_WASM_TIER_UP; default `auto`). */
  wasmTierUp?: boolean;
  /** Told once when DATA_DIR had to be narrowed to its owner; the caller logs it. */
  warn?: (message: string) => void;
}

// int8 arrives as a string from node-postgres; our bigints (user ids, counters) fit in a double.
const INT8_OID = 20;

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts.poolSize ?? 10);
  let dir: string | null = null;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pglite');
    keepDataDirPrivate(opts.dataDir, dir, opts.warn ?? (() => {}));
  }
  if (opts.inThread) return openPgliteInThread(dir);
  return (await openPgliteWorker(dir, { wasmTierUp: opts.wasmTierUp ?? wasmTierUp('auto') })).db;
}

/**
 * DATA_DIR and everything in it for its owner alone (`data-dir.ts`): made 0700, and what an older
 * version or another tool left open to the group or other users narrowed, said once in the log.
 * Before the database opens, so that nothing reads or writes the files meanwhile.
 */
function keepDataDirPrivate(dataDir: string, pgliteDir: string, warn: (message: string) => void): void {
  const narrowedDir = ensurePrivateDir(dataDir);
  ensurePrivateDir(pgliteDir);
  const narrowedFiles = makePrivate(dataDir);
  if (narrowedDir || narrowedFiles > 0) {
    warn(
      `DATA_DIR ${dataDir} was open to other users: narrowed ${narrowedDir ? 'it and ' : ''}` +
        `${narrowedFiles} files and directories in it to their owner alone`,
    );
  }
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
  try {
    await pool.query('SELECT 1');
  } catch (err) {
    await pool.end().catch(() => {});
    throw missingDatabase(err, url) ?? err;
  }
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

/** PostgreSQL's invalid_catalog_name: the database named in the URL does not exist. */
const NO_SUCH_DATABASE = '3D000';

/**
 * A DATABASE_URL whose database was never created stops the start with one line naming it (and
 * how to create it) instead of a driver's stack trace; the URL is not shown, as it may hold a password.
 */
function missingDatabase(err: unknown, url: string): ConfigError | null {
  if ((err as { code?: unknown }).code !== NO_SUCH_DATABASE) return null;
  const u = URL.canParse(url) ? new URL(url) : null;
  // Without a path, PostgreSQL takes the user's name for the database's.
  const name = u ? decodeURIComponent(u.pathname.slice(1)) || decodeURIComponent(u.username) : '';
  if (!name)
    return new ConfigError(`DATABASE_URL: ${(err as Error).message}; create it first, then start again`);
  const where = u?.host ? ` on ${u.host}` : '';
  return new ConfigError(
    `DATABASE_URL: database "${name}" does not exist${where}; create it first ` +
      `(createdb ${name}, or CREATE DATABASE ${name} in psql), then start again`,
  );
}
