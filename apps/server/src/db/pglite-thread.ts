/**
 * The embedded database as the server uses it by default: PGlite in a worker thread
 * (`pglite-worker.ts`), behind the same `Database` interface as the in-thread PGlite and PostgreSQL.
 * The event loop only posts messages and clones rows; parsing, planning and writing happen off it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DatabaseError } from 'pg-protocol';
import { wasmTierUp } from '../lib/memory-limit.ts';
import type { Database, Sql, Statement } from './client.ts';
import { copyTemplate, isDataDir } from './data-dir.ts';
import {
  READY_ID,
  type Reply,
  type Request,
  type SerializedError,
  type WorkerData,
  type WorkerMemory,
} from './pglite-protocol.ts';

/**
 * Run from source (tsx, Vitest) this module is pglite-thread.ts beside pglite-worker.ts; compiled
 * (`npm run build`), it is bundled into dist (main.js or a chunk beside it) beside dist/pglite-worker.js.
 */
const COMPILED = import.meta.url.endsWith('.js');
const WORKER_URL = new URL(COMPILED ? './pglite-worker.js' : './pglite-worker.ts', import.meta.url);
const INITDB_URL = new URL(COMPILED ? './pglite-initdb.js' : './pglite-initdb.ts', import.meta.url);
/**
 * The data directory `npm run build` prepares (`scripts/build.mjs`: initdb, closed cleanly, no
 * secrets: the app's own tables and secrets come from the migrations at the first start), and the
 * PGlite version that made it. Only compiled: from source a new data directory is initdb's.
 */
const TEMPLATE_URL = new URL('./pglite-template/', import.meta.url);
const TEMPLATE_INFO_URL = new URL('./pglite-template.json', import.meta.url);

export interface PgliteWorker {
  db: Database;
  /** For tests that need to kill the thread the way a crash would. */
  worker: Worker;
}

interface Pending {
  resolve(rows: unknown[] | undefined): void;
  reject(err: unknown): void;
}

/**
 * From source the worker is TypeScript. Worker threads do not see Vitest's transform, so a one-line
 * bootstrap registers tsx first, then loads it. Compiled, the worker is plain JavaScript.
 */
function workerBootstrap(): string {
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const entry = JSON.stringify(WORKER_URL.href);
  return `import(${tsx}).then((tsx) => { tsx.register(); return import(${entry}); });`;
}

/** Rebuilds a worker error; Postgres errors become pg's DatabaseError, as the PostgreSQL kind throws. */
function toError(e: SerializedError): Error {
  if (e.fields) {
    const err = new DatabaseError(e.message, 0, 'error');
    Object.assign(err, e.fields);
    return err;
  }
  const err = new Error(e.message);
  err.name = e.name;
  // Not a Postgres error (a bug, or PGlite itself failing): where it happened in the worker helps.
  if (e.stack) err.stack = e.stack;
  return err;
}

function startWorker(data: WorkerData): Worker {
  return new Worker(COMPILED ? WORKER_URL : workerBootstrap(), {
    eval: !COMPILED,
    workerData: data,
    // Not the parent's flags: `npm run dev` runs with --watch, which worker threads refuse.
    execArgv: [],
  });
}

/**
 * A new data directory is made by a process of its own (`pglite-initdb.ts`), which then exits:
 * initdb leaves ~450 MiB behind in its WASM instance, and a process gives all of it back where a
 * thread left ~35 MiB in glibc's arena for the server's lifetime. Its environment is the server's
 * (the same malloc tunables); from source it loads TypeScript through tsx.
 */
export async function createDataDir(dataDir: string): Promise<void> {
  const args = COMPILED
    ? [fileURLToPath(INITDB_URL), dataDir]
    : ['--import', import.meta.resolve('tsx'), fileURLToPath(INITDB_URL), dataDir];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    // the end of it says what failed
    stderr = (stderr + chunk).slice(-4000);
  });
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
    (resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code, signal) => resolve({ code, signal }));
    },
  );
  if (exit.code !== 0) {
    const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
    throw new Error(`Creating the PGlite data directory ${dataDir} failed: initdb ${how}: ${stderr.trim()}`);
  }
}

/** The PGlite version installed beside the server (what a template must have been made by). */
function installedPgliteVersion(): string {
  const pkg = new URL('../package.json', import.meta.resolve('@electric-sql/pglite'));
  return (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }).version;
}

/**
 * The build's template data directory, when there is one made by the PGlite installed now (a
 * template from another version is passed over: initdb makes the directory instead).
 */
export function templateDataDir(): string | null {
  if (!COMPILED) return null;
  try {
    const info = JSON.parse(fs.readFileSync(TEMPLATE_INFO_URL, 'utf8')) as { pglite?: unknown };
    const dir = fileURLToPath(TEMPLATE_URL);
    if (info.pglite !== installedPgliteVersion() || !isDataDir(dir)) return null;
    return dir;
  } catch {
    return null;
  }
}

export interface OpenPgliteOptions {
  /**
   * An initdb'd data directory that a new one is copied from (`copyTemplate`), instead of running
   * initdb: default `templateDataDir()`; null → always initdb.
   */
  template?: string | null;
  /** let V8 optimise postgres's WebAssembly (DB_WASM_TIER_UP; default `auto`: from 1 GiB of memory up) */
  wasmTierUp?: boolean;
}

/**
 * A new data directory: a copy of the template where there is one, else initdb in a process of its
 * own. The copy is what a fresh start normally does: initdb's child peaks near 1 GB (two postgres
 * instances and V8's optimising compiler on postgres's largest function), a copy at nothing, and
 * takes a fraction of a second instead of tens of seconds (BENCHMARKS.md, "The fresh start's peak").
 */
async function makeDataDir(dataDir: string, template: string | null): Promise<void> {
  if (template && copyTemplate(template, dataDir)) return;
  await createDataDir(dataDir);
}

export async function openPgliteWorker(
  dataDir: string | null,
  options: OpenPgliteOptions = {},
): Promise<PgliteWorker> {
  if (dataDir && !isDataDir(dataDir)) {
    await makeDataDir(dataDir, options.template === undefined ? templateDataDir() : options.template);
  }
  const worker = startWorker({ dataDir, wasmTierUp: options.wasmTierUp ?? wasmTierUp('auto') });
  const pending = new Map<number, Pending>();
  let nextId = READY_ID + 1;
  let nextTx = 1;
  let openTxs = 0;
  /** Set once the worker is gone (crashed or closed): every call from then on fails with it. */
  let failure: Error | null = null;
  let closing: Promise<void> | null = null;
  let onIdle: (() => void) | null = null;

  let readyResolve!: () => void;
  let readyReject!: (err: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    readyResolve = resolve;
    readyReject = reject;
  });

  function checkIdle(): void {
    if (onIdle && pending.size === 0 && openTxs === 0) {
      const idle = onIdle;
      onIdle = null;
      idle();
    }
  }

  function fail(err: Error): void {
    if (failure) return;
    failure = err;
    readyReject(err);
    for (const p of pending.values()) p.reject(err);
    pending.clear();
    checkIdle();
  }

  worker.on('message', (r: Reply) => {
    if (r.id === READY_ID) {
      if (r.error) readyReject(toError(r.error));
      else readyResolve();
      return;
    }
    const p = pending.get(r.id);
    if (!p) return;
    pending.delete(r.id);
    // An idle worker must not keep the process alive, as an idle in-thread PGlite does not.
    if (pending.size === 0) worker.unref();
    if (r.error) p.reject(toError(r.error));
    else p.resolve(r.rows);
    checkIdle();
  });
  worker.on('error', (err) => fail(new Error(`PGlite worker crashed: ${err.message}`, { cause: err })));
  worker.on('exit', (code) => fail(new Error(`PGlite worker exited unexpectedly (exit code ${code})`)));
  worker.on('messageerror', (err) => {
    // A reply that cannot be read leaves its caller unanswered: give up on the thread, loudly.
    fail(new Error(`PGlite worker sent an unreadable message: ${err.message}`, { cause: err }));
    void worker.terminate();
  });

  function call(req: Omit<Request, 'id'>): Promise<unknown[] | undefined> {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      try {
        worker.postMessage({ ...req, id } satisfies Request);
      } catch (err) {
        // DataCloneError: a parameter that cannot cross threads (a function, a class instance's methods).
        reject(err);
        return;
      }
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve, reject });
    });
  }

  function assertOpen(): void {
    if (failure) throw failure;
    if (closing) throw new Error('database is closed');
  }

  async function query<T extends object>(text: string, params?: readonly unknown[]): Promise<T[]> {
    assertOpen();
    return (await call({ op: 'query', text, params })) as T[];
  }

  async function transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
    assertOpen();
    const txId = nextTx++;
    openTxs++;
    try {
      await call({ op: 'begin', txId });
      let result: T;
      try {
        result = await fn({
          query: async <R extends object>(text: string, params?: readonly unknown[]) =>
            (await call({ op: 'query', txId, text, params })) as R[],
          queries: async (statements) => {
            await call({ op: 'queries', txId, statements });
          },
        });
      } catch (err) {
        await call({ op: 'rollback', txId }).catch(() => {});
        throw err;
      }
      // Resolves only after PGlite finished COMMIT: the caller may acknowledge what it wrote.
      await call({ op: 'commit', txId });
      return result;
    } finally {
      openTxs--;
      checkIdle();
    }
  }

  /** One message, one reply after COMMIT: no round trip for BEGIN and COMMIT of their own. */
  async function writeTransaction(statements: readonly Statement[]): Promise<void> {
    assertOpen();
    openTxs++;
    try {
      await call({ op: 'transaction', statements });
    } finally {
      openTxs--;
      checkIdle();
    }
  }

  async function close(): Promise<void> {
    closing ??= (async () => {
      // Drain: calls in flight and open transactions (which may still send queries) finish first.
      if (pending.size > 0 || openTxs > 0) {
        await new Promise<void>((resolve) => {
          onIdle = resolve;
        });
      }
      if (failure) return;
      try {
        await call({ op: 'close' });
      } finally {
        failure = new Error('database is closed');
        await worker.terminate();
      }
    })();
    return closing;
  }

  try {
    await ready;
  } catch (err) {
    await worker.terminate();
    throw err;
  }
  if (pending.size === 0) worker.unref();

  const db: Database = {
    kind: 'pglite',
    query,
    transaction,
    writeTransaction,
    ping: async () => {
      await query('SELECT 1');
    },
    close,
    workerMemory: async () => {
      assertOpen();
      return ((await call({ op: 'memory' })) as WorkerMemory[])[0]!;
    },
  };
  return { db, worker };
}
