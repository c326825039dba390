/**
 * Messages between the PGlite worker thread (`pglite-worker.ts`) and its owner (`pglite-thread.ts`).
 * Everything crosses by structured clone, so rows keep PGlite's own parsing (int8 → number, numeric →
 * string, timestamptz → Date, bytea → Uint8Array); errors are flattened to plain fields and rebuilt.
 */

export type Op = 'query' | 'queries' | 'transaction' | 'begin' | 'commit' | 'rollback' | 'close' | 'memory';

/** What `memory` answers (as its one row): the worker thread's own memory, which the owner cannot see. */
export interface WorkerMemory {
  /** V8 heap of the worker's isolate */
  heapUsedBytes: number;
  heapTotalBytes: number;
  /** the young generation V8 has committed for the worker: a load grows it, an idle worker hands it back */
  youngBytes: number;
  /** memory outside the V8 heap held by the worker's objects (ArrayBuffers, WASM instances) */
  externalBytes: number;
  /** PGlite's WASM linear memory (it grows and never shrinks) */
  wasmBytes: number;
}

export interface Request {
  id: number;
  op: Op;
  /** Queries of an open transaction carry its id; `begin`, `commit` and `rollback` name it. */
  txId?: number;
  text?: string;
  params?: readonly unknown[];
  /**
   * `queries`: run in order, results discarded, stopping at the first that fails. `transaction`:
   * the same in a transaction of their own, answered after COMMIT (rolled back at a failure).
   */
  statements?: readonly { text: string; params?: readonly unknown[] }[];
}

export interface Reply {
  id: number;
  rows?: unknown[];
  error?: SerializedError;
}

/** Sent once, with id 0, when PGlite is open (no error) or failed to open (error). */
export const READY_ID = 0;

export interface WorkerData {
  /** PGlite data directory; null → in memory. */
  dataDir: string | null;
  /** let V8 optimise postgres's WebAssembly (`baselineWasmOnly` in pglite-durable.ts otherwise) */
  wasmTierUp: boolean;
}

export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  /** Present for errors Postgres reported (a DatabaseError), with its other fields. */
  fields?: Partial<Record<DatabaseErrorField, string>>;
}

/** The fields of a Postgres ErrorResponse, as pg-protocol's DatabaseError names them. */
export const DATABASE_ERROR_FIELDS = [
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
] as const;

export type DatabaseErrorField = (typeof DATABASE_ERROR_FIELDS)[number];

export function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  const out: SerializedError = { name: err.name, message: err.message };
  if (err.stack) out.stack = err.stack;
  const rec = err as unknown as Record<string, unknown>;
  // A Postgres error always carries its SQLSTATE; nothing else from PGlite does.
  if (typeof rec.code === 'string') {
    const fields: Partial<Record<DatabaseErrorField, string>> = {};
    for (const f of DATABASE_ERROR_FIELDS) {
      if (typeof rec[f] === 'string') fields[f] = rec[f];
    }
    out.fields = fields;
  }
  return out;
}
