/**
 * Worker thread that owns the embedded PGlite, so its WASM work never blocks the server's event loop.
 * `pglite-thread.ts` starts it and speaks `pglite-protocol.ts` to it.
 *
 * Transactions use PGlite's own `transaction()`, held open until `commit` or `rollback` arrives:
 * PGlite queues every other `query()` and `transaction()` behind it on one FIFO mutex, which is the
 * exclusivity the in-thread PGlite gives today, with no second lock to keep in step with it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { collectGarbage, youngGenerationBytes } from '../lib/collect-garbage.ts';
import { releaseWhenIdle } from '../lib/release-when-idle.ts';
import { baselineWasmOnly, createPglite } from './pglite-durable.ts';
import {
  READY_ID,
  type Reply,
  type Request,
  serializeError,
  type WorkerData,
  type WorkerMemory,
} from './pglite-protocol.ts';

interface OpenTx {
  tx: Transaction;
  end(how: 'commit' | 'rollback'): void;
  /** Settles when PGlite has finished COMMIT (or ROLLBACK). */
  done: Promise<void>;
}

/** How long the worker waits without a request before collecting what opening PGlite left. */
const QUIET_BEFORE_COLLECT_MS = 300;

if (!parentPort) throw new Error('pglite-worker.ts runs only as a worker thread');
const port = parentPort;
const { dataDir, wasmTierUp } = workerData as WorkerData;
const txs = new Map<number, OpenTx>();

if (!wasmTierUp) baselineWasmOnly();
let pg!: PGlite;
try {
  pg = await createPglite(dataDir);
} catch (err) {
  port.postMessage({ id: READY_ID, error: serializeError(err) } satisfies Reply);
  throw err;
}

// Opening PGlite (and, on a new data directory, the migrations) leaves garbage and a grown young
// generation that an idle worker would keep resident until its next queries. Handed back once the
// server's start-up queries have paused, not before the first of them: the collection takes
// 40-80 ms, and the server's start waits on those queries. From then on, what a load grows is
// handed back once the worker is idle again, as the main thread does (lib/release-when-idle.ts).
let collectedOpening = false;
const collectLater = setTimeout(() => {
  collectedOpening = true;
  collectGarbage('release');
  releaseWhenIdle();
}, QUIET_BEFORE_COLLECT_MS).unref();
port.on('message', (m: Request) => {
  if (!collectedOpening) collectLater.refresh();
  run(m).then(
    (rows) => reply({ id: m.id, rows }),
    (err: unknown) => reply({ id: m.id, error: serializeError(err) }),
  );
});
port.postMessage({ id: READY_ID } satisfies Reply);

function reply(r: Reply): void {
  try {
    port.postMessage(r);
  } catch (err) {
    // A row that cannot be cloned must fail its own call, not leave it waiting.
    port.postMessage({ id: r.id, error: serializeError(err) } satisfies Reply);
  }
}

async function run(m: Request): Promise<unknown[] | undefined> {
  switch (m.op) {
    case 'query': {
      const target = m.txId === undefined ? pg : openTx(m.txId).tx;
      const res = await target.query(m.text!, m.params as unknown[] | undefined);
      return res.rows;
    }
    case 'memory': {
      // In a worker thread these count its own isolate (only rss is the whole process's).
      const usage = process.memoryUsage();
      const memory: WorkerMemory = {
        heapUsedBytes: usage.heapUsed,
        heapTotalBytes: usage.heapTotal,
        youngBytes: youngGenerationBytes(),
        externalBytes: usage.external,
        wasmBytes: pg.Module.HEAPU8.byteLength,
      };
      return [memory];
    }
    case 'queries': {
      await runAll(m.txId === undefined ? pg : openTx(m.txId).tx, m);
      return undefined;
    }
    case 'transaction':
      // PGlite's transaction() holds its mutex throughout, as begin ... commit does.
      await pg.transaction((tx) => runAll(tx, m));
      return undefined;
    case 'begin':
      await begin(m.txId!);
      return undefined;
    case 'commit':
    case 'rollback': {
      const t = openTx(m.txId!);
      t.end(m.op);
      await t.done;
      return undefined;
    }
    case 'close':
      await pg.close();
      return undefined;
  }
}

/** A request's statements in order, results discarded, stopping at the first that fails. */
async function runAll(target: Pick<PGlite, 'query'>, m: Request): Promise<void> {
  for (const st of m.statements ?? []) await target.query(st.text, st.params as unknown[] | undefined);
}

function openTx(txId: number): OpenTx {
  const t = txs.get(txId);
  if (!t) throw new Error('Transaction is closed');
  return t;
}

/** Resolves once the transaction holds PGlite; its `done` settles after COMMIT or ROLLBACK. */
function begin(txId: number): Promise<void> {
  return new Promise<void>((started, failed) => {
    let end!: (how: 'commit' | 'rollback') => void;
    const ended = new Promise<'commit' | 'rollback'>((resolve) => {
      end = resolve;
    });
    const done = pg
      .transaction(async (tx) => {
        txs.set(txId, { tx, end, done });
        started();
        if ((await ended) === 'rollback') await tx.rollback();
      })
      .finally(() => txs.delete(txId));
    // BEGIN itself failed: the callback never ran.
    done.catch(failed);
  });
}
