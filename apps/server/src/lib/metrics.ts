/** Prometheus metrics, one registry per app instance (tests build many apps in one process). */
import { performance } from 'node:perf_hooks';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import type { WorkerMemory } from '../db/pglite-protocol.ts';

/** `db`: when it is PGlite in a worker thread, that thread's memory is read at each scrape. */
export function createMetrics(db?: Pick<Database, 'workerMemory'>) {
  const registry = new Registry();
  // Sample the event-loop delay every millisecond (prom-client's default is 10 ms, which reads every
  // delay as at least 10 ms): nodejs_eventloop_lag_max_seconds is then the longest stall + ~1 ms.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 1 });
  const paints = new Counter({
    name: 'pixelwall_paints_total',
    help: 'Paints acknowledged',
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'pixelwall_paint_refusals_total',
    help: 'Paints refused, by error code',
    labelNames: ['code'],
    registers: [registry],
  });
  const sockets = new Gauge({
    name: 'pixelwall_websocket_sockets',
    help: 'Open websockets',
    registers: [registry],
  });
  const commitSeconds = new Histogram({
    name: 'pixelwall_commit_seconds',
    help: 'Group commit latency (one transaction per batch)',
    buckets: [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const commitBatch = new Histogram({
    name: 'pixelwall_commit_batch_paints',
    help: 'Paints per group commit',
    buckets: [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000],
    registers: [registry],
  });
  const commitErrors = new Counter({
    name: 'pixelwall_commit_errors_total',
    help: 'Failed group commit attempts (retried)',
    registers: [registry],
  });
  const broadcastBatches = new Counter({
    name: 'pixelwall_broadcast_batches_total',
    help: 'Pixel batches sent',
    registers: [registry],
  });
  const broadcastBytes = new Counter({
    name: 'pixelwall_broadcast_bytes_total',
    help: 'Bytes of pixel batches written to sockets',
    registers: [registry],
  });
  const snapshotSeconds = new Histogram({
    name: 'pixelwall_snapshot_encode_seconds',
    help: 'Canvas snapshot encode time',
    buckets: [0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2],
    registers: [registry],
  });
  const leaderGauge = new Gauge({
    name: 'pixelwall_leader',
    help: '1 while this instance leads the cluster jobs (ticker, watchers)',
    registers: [registry],
  });
  const httpSeconds = new Histogram({
    name: 'pixelwall_http_request_seconds',
    help: 'HTTP request duration',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  /** A counter of a running total read at each scrape (`read` in seconds since some start). */
  const totalCounter = (name: string, help: string, read: () => number) => {
    let last = read();
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        const now = read();
        this.inc(Math.max(0, now - last));
        last = now;
      },
    });
  };
  // What a saturated server looks like from outside: the event loop busy (not waiting for I/O) for
  // most of the wall time. The process's CPU (process_cpu_seconds_total) adds every thread; this
  // thread's own CPU beside its busy time tells a loop that has work but no core (busy > CPU: the
  // machine's other processes hold the cores) from one that is simply working.
  totalCounter(
    'pixelwall_event_loop_busy_seconds_total',
    'Wall time the main event loop spent running callbacks rather than waiting for I/O',
    () => performance.eventLoopUtilization().active / 1000,
  );
  if (typeof process.threadCpuUsage === 'function') {
    totalCounter(
      'pixelwall_main_thread_cpu_seconds_total',
      'CPU time (user and system) of the main thread alone',
      () => {
        const cpu = process.threadCpuUsage();
        return (cpu.user + cpu.system) / 1e6;
      },
    );
  }
  const workerMemory = db?.workerMemory?.bind(db);
  if (workerMemory) {
    // The process's own gauges (nodejs_heap_size_*) count only the main thread's isolate. One round
    // trip to the worker per scrape feeds all three gauges; a worker that cannot answer leaves them as they were.
    let sample: Promise<WorkerMemory | null> | null = null;
    const read = () => {
      sample ??= workerMemory()
        .catch(() => null)
        .finally(() => {
          sample = null;
        });
      return sample;
    };
    const gauge = (name: string, help: string, pick: (m: WorkerMemory) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          const m = await read();
          if (m) this.set(pick(m));
        },
      });
    gauge(
      'pglite_worker_heap_used_bytes',
      'V8 heap used by the PGlite worker thread',
      (m) => m.heapUsedBytes,
    );
    gauge(
      'pglite_worker_heap_total_bytes',
      'V8 heap reserved by the PGlite worker thread',
      (m) => m.heapTotalBytes,
    );
    gauge(
      'pglite_worker_young_generation_bytes',
      "V8's young generation as committed for the PGlite worker thread (handed back when idle)",
      (m) => m.youngBytes,
    );
    gauge(
      'pglite_worker_external_bytes',
      'Memory outside the V8 heap held by the PGlite worker thread (ArrayBuffers, WASM)',
      (m) => m.externalBytes,
    );
    gauge(
      'pglite_worker_wasm_memory_bytes',
      "PGlite's WASM linear memory (it grows and never shrinks)",
      (m) => m.wasmBytes,
    );
  }
  return {
    registry,
    paint: { painted: (n: number) => paints.inc(n), refused: (code: string) => refusals.inc({ code }) },
    hub: {
      sockets: (n: number) => sockets.set(n),
      batch: (_changes: number, bytes: number, socketCount: number) => {
        broadcastBatches.inc();
        broadcastBytes.inc(bytes * socketCount);
      },
    },
    commit: (paintsInBatch: number, ms: number) => {
      commitSeconds.observe(ms / 1000);
      commitBatch.observe(paintsInBatch);
    },
    commitError: () => commitErrors.inc(),
    snapshot: (ms: number) => snapshotSeconds.observe(ms / 1000),
    leader: (isLeader: boolean) => leaderGauge.set(isLeader ? 1 : 0),
    http: (method: string, route: string, status: number, seconds: number) =>
      httpSeconds.observe({ method, route, status: String(status) }, seconds),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
