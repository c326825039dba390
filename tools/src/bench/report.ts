/** Renders the benchmark results as BENCHMARKS.md. */
import os from 'node:os';
import { CANVAS_PIXELS } from '@pixel-wall/shared';
import { SERVER_ENV, SERVER_NODE_ARGS } from '../lib/server-process.ts';
import type { ClusterResult } from './cluster.ts';
import type { FanoutResult } from './fanout.ts';
import type { PaintRun } from './http-paint.ts';
import { type MemoryRun, medianStart } from './memory.ts';
import type { ServerWindow } from './server.ts';
import type { MicroResult, SnapshotResult } from './snapshot.ts';
import { bytes, group, markdownTable, ms, tally } from './stats.ts';
import type { WsPaintRun } from './ws-paint.ts';

export interface Measured<T> {
  database: string;
  run: T;
  server: ServerWindow;
  /** CPU of the load-generating process over the same interval, % of one core */
  benchCpuPercent: number;
}

export interface BenchReport {
  date: Date;
  /** spawn → /readyz answering 200, per database */
  startup: { database: string; readyMs: number }[];
  /** 1-minute load average when the run started: other work on the machine skews every figure */
  loadAverage: number;
  command: string;
  settings: Record<string, string>;
  durationSeconds: number;
  httpPaint: Measured<PaintRun>[];
  wsPaint: Measured<WsPaintRun>[];
  snapshot: { database: string; result: SnapshotResult } | null;
  micro: MicroResult[] | null;
  fanout: { database: string; result: FanoutResult } | null;
  /** the same measurement on a quiet wall (10 paints/s, 1,000 watchers) */
  fanoutQuiet: { database: string; result: FanoutResult } | null;
  cluster: ClusterResult | null;
  memory: MemoryPoint[];
  /** the memory scenario: the compiled server's start-up and resident memory, per database */
  memoryRuns: MemoryRun[];
  notes: string[];
}

export interface MemoryPoint {
  database: string;
  when: string;
  rssBytes: number;
  heapUsedBytes: number;
  /** ArrayBuffers and native memory: PGlite's WebAssembly memory lives here */
  externalBytes: number;
}

const pct = (v: number) => (Number.isFinite(v) ? `${Math.round(v)} %` : '–');

export function machine(): string[][] {
  const cpus = os.cpus();
  return [
    ['CPU', cpus[0]?.model.trim() ?? 'unknown'],
    ['Cores (logical)', String(cpus.length)],
    ['Memory', bytes(os.totalmem())],
    ['OS', `${os.type()} ${os.release()} (${os.arch()})`],
    ['Node', process.version],
  ];
}

/** CPU used by neither the server, the load generator nor PostgreSQL: the kernel and other work. */
export function othersCpu(w: ServerWindow, benchCpu: number): number {
  return Math.max(0, w.machineCpuPercent - w.cpuPercent - benchCpu - w.postgresCpuPercent);
}

function serverCells(w: ServerWindow, benchCpu: number): string[] {
  return [
    pct(w.cpuPercent),
    pct(benchCpu),
    w.postgresCpuPercent > 0.5 ? pct(w.postgresCpuPercent) : '–',
    pct(othersCpu(w, benchCpu)),
    ms(w.loopLagMaxMs),
    commitCell(w),
  ];
}

function commitCell(w: ServerWindow): string {
  return Number.isFinite(w.commitMeanMs) ? `${ms(w.commitMeanMs)} / ${group(w.commitMeanBatch)}` : '–';
}

const SERVER_HEADERS = [
  'server CPU',
  'bench CPU',
  'PostgreSQL CPU',
  'other CPU',
  'server loop lag max ms',
  'commit ms / paints per commit',
];

function httpPaintSection(rows: Measured<PaintRun>[]): string {
  return markdownTable(
    [
      'database',
      'in flight',
      'acknowledged paints/s',
      'p50 ms',
      'p90 ms',
      'p99 ms',
      'max ms',
      'acknowledged',
      '409 NO_CHARGES',
      'other errors',
      ...SERVER_HEADERS,
    ],
    rows.map(({ database, run, server, benchCpuPercent }) => [
      database,
      String(run.concurrency),
      group(run.paintsPerSecond),
      ms(run.latency.p50),
      ms(run.latency.p90),
      ms(run.latency.p99),
      ms(run.latency.max),
      group(run.ok),
      group(run.noCharges),
      tally(run.errors),
      ...serverCells(server, benchCpuPercent),
    ]),
  );
}

function wsPaintSection(rows: Measured<WsPaintRun>[], rate: number): string {
  return markdownTable(
    [
      'database',
      'sockets × in flight',
      'offered ceiling/s',
      'acknowledged paints/s',
      'p50 ms',
      'p90 ms',
      'p99 ms',
      'max ms',
      'NO_CHARGES',
      'other errors / closes',
      ...SERVER_HEADERS,
    ],
    rows.map(({ database, run, server, benchCpuPercent }) => [
      database,
      `${run.sockets} × ${run.inFlight}`,
      group(run.sockets * rate),
      group(run.paintsPerSecond),
      ms(run.latency.p50),
      ms(run.latency.p90),
      ms(run.latency.p99),
      ms(run.latency.max),
      group(run.noCharges),
      `${tally(run.errors)} / ${tally(run.closes)}`,
      ...serverCells(server, benchCpuPercent),
    ]),
  );
}

function snapshotSection(database: string, r: SnapshotResult): string {
  const fill = r.fill;
  const lines = [
    `Canvas filled first through the websocket RPC (${database}): ${group(fill.ok)} acknowledged paints ` +
      `(${group(r.distinctPixels)} distinct pixels) in ${fill.seconds.toFixed(1)} s, ` +
      `${group(fill.paintsPerSecond)} paints/s over ${fill.sockets} sockets. With the earlier scenarios' ` +
      `paints, the canvas then held ${group(r.nonBlankPixels)} non-blank pixels ` +
      `(${((r.nonBlankPixels / CANVAS_PIXELS) * 100).toFixed(1)} % of ${group(CANVAS_PIXELS)}).`,
    '',
    markdownTable(
      [
        'fresh snapshot',
        'bytes',
        'request p50 ms',
        'request max ms',
        'server encode mean ms (histogram)',
        'server loop lag max / p99 ms',
        'machine CPU',
        'requests',
      ],
      r.fresh.map((f) => [
        `${f.format} (GET ?after=<new seq>)`,
        `${group(f.bytes)} (${bytes(f.bytes)})`,
        ms(f.requestMs.p50),
        ms(f.requestMs.max),
        ms(f.serverEncodeMeanMs),
        `${ms(f.server.loopLagMaxMs)} / ${ms(f.server.loopLagP99Ms)}`,
        pct(f.server.machineCpuPercent),
        String(f.requestMs.count),
      ]),
    ),
    '',
    markdownTable(
      [
        'cached webp, concurrent GETs',
        'requests/s',
        'MiB/s',
        'p50 ms',
        'p90 ms',
        'p99 ms',
        'max ms',
        'failures',
        'server CPU',
        'machine CPU',
        'server loop lag max ms',
      ],
      [
        [
          String(r.cached.concurrency),
          group(r.cached.requestsPerSecond),
          group(r.cached.megabytesPerSecond),
          ms(r.cached.latency.p50),
          ms(r.cached.latency.p90),
          ms(r.cached.latency.p99),
          ms(r.cached.latency.max),
          group(r.cached.failures),
          pct(r.cached.server.cpuPercent),
          pct(r.cached.server.machineCpuPercent),
          ms(r.cached.server.loopLagMaxMs),
        ],
      ],
    ),
  ];
  return lines.join('\n');
}

function microSection(rows: MicroResult[]): string {
  return markdownTable(
    [
      'canvas (1024², palette indices)',
      'webp bytes',
      'encode p50 ms',
      'encode max ms',
      'main-thread ms p50',
      'runs',
    ],
    rows.map((m) => [
      m.canvas,
      `${group(m.bytes)} (${bytes(m.bytes)})`,
      ms(m.totalMs.p50),
      ms(m.totalMs.max),
      ms(m.syncMs.p50),
      String(m.totalMs.count),
    ]),
  );
}

function fanoutSection(database: string, f: FanoutResult): string {
  const rows = f.steps.map((s) => [
    group(s.watchers) + (s.openFailed > 0 ? ` (${s.openFailed} failed)` : ''),
    `${(s.openMs / 1000).toFixed(1)} s`,
    `${bytes(s.bytesPerSocket)} / ${bytes(s.heapBytesPerSocket)}`,
    `${bytes(s.rssBefore)} → ${bytes(s.rssAfter)}`,
    group(s.painter.paintsPerSecond),
    `${ms(s.painter.latency.p50)} / ${ms(s.painter.latency.p99)}`,
    ms(s.latency.p50),
    ms(s.latency.p90),
    ms(s.latency.p99),
    ms(s.latency.max),
    group(s.latency.count),
    s.framesPerWatcherPerSecond.toFixed(1),
    `${group(s.gaps)} / ${group(s.watchersClosed)}`,
    ms(s.server.loopLagMaxMs),
  ]);
  const cpuRows = f.steps.map((s) => [
    group(s.watchers),
    `${ms(s.spread.p50)} / ${ms(s.spread.max)}`,
    group(s.spread.count),
    commitCell(s.server),
    pct(s.server.loopBusyPercent),
    pct(s.server.mainThreadCpuPercent),
    pct(s.server.cpuPercent),
    pct(s.watchersCpuPercent),
    pct(s.server.machineCpuPercent),
  ]);
  const parts = [
    `Server on ${database}; open-file limit (ulimit -n) ${f.fdLimit ?? 'unknown'}.` +
      (f.note ? ` ${f.note}.` : ''),
    '',
    markdownTable(
      [
        'watchers',
        'open time',
        'server RSS / heap per socket',
        'server RSS before → after open',
        'painter paints/s',
        'painter RPC p50 / p99 ms',
        'paint→watcher p50 ms',
        'p90 ms',
        'p99 ms',
        'max ms',
        'samples',
        'frames/s per watcher',
        'seq gaps / watchers closed',
        'server loop lag max ms',
      ],
      rows,
    ),
    '',
    "Where the time went in the same runs. *Frame spread* is a frame's first arrival to its last over " +
      'all the watchers (the frames that reached every one): how long the server took to write it to ' +
      'every socket, as the clients saw it. *Commit* is the means of `pixelwall_commit_seconds` and ' +
      "`pixelwall_commit_batch_paints`: the database's part of the painter's RPC. *Loop busy* is the " +
      "wall time the server's event loop was running callbacks rather than waiting for I/O; *main " +
      'thread* its CPU time: a loop busier than its CPU had work and waited for a core. *Server CPU* ' +
      'adds every thread of the server (the database ' +
      "thread, the garbage collector's); *watchers* is the child process that holds the watcher " +
      'sockets; *machine* every process (up to cores × 100 %).',
    '',
    markdownTable(
      [
        'watchers',
        'frame spread p50 / max ms',
        'frames',
        'commit ms / paints per commit',
        'loop busy',
        'main thread CPU',
        'server CPU',
        'watchers CPU',
        'machine CPU',
      ],
      cpuRows,
    ),
  ];
  for (const s of f.steps) {
    if (s.openErrors.length > 0) parts.push('', `Open errors at ${s.watchers}: ${s.openErrors.join('; ')}`);
  }
  if (f.floor.length > 0) {
    parts.push(
      '',
      'The floor under any broadcast on this machine (`tools/src/bench/write-floor.ts`, in the bench ' +
        'process with the server idle): one buffer written with `net.Socket.write` to each of N plain ' +
        'loopback TCP sockets whose reader (a child process) only counts bytes. No websocket, no game. ' +
        'A frame reaches the last socket of a broadcast no sooner than this after the first.',
      '',
      markdownTable(
        ['sockets', 'buffer bytes', 'one write to every socket, p50 ms', 'max ms', 'per socket µs', 'rounds'],
        f.floor.map((w) => [
          group(w.sockets),
          group(w.frameBytes),
          ms(w.p50Ms),
          ms(w.maxMs),
          w.perSocketUs.toFixed(1),
          String(w.rounds),
        ]),
      ),
    );
  }
  return parts.join('\n');
}

function clusterSection(c: ClusterResult, rate: number): string {
  if (c.skipped) return `Not measured: ${c.skipped}.`;
  const perServer = (step: ClusterResult['steps'][number], pick: (w: ServerWindow) => string) =>
    step.windows.map(pick).join(' + ');
  return markdownTable(
    [
      'servers',
      'sockets × in flight',
      'offered ceiling/s',
      'acknowledged paints/s',
      'p50 ms',
      'p90 ms',
      'p99 ms',
      'max ms',
      'NO_CHARGES',
      'other errors / closes',
      'server CPU (each)',
      'bench CPU',
      'Redis CPU',
      'PostgreSQL CPU',
      'machine CPU',
      'Redis commands per paint',
      'server loop lag max ms (each)',
      'commit ms / paints per commit (each)',
    ],
    c.steps.map((s) => [
      String(s.servers),
      `${s.run.sockets} × ${s.run.inFlight}`,
      group(s.run.sockets * rate),
      group(s.run.paintsPerSecond),
      ms(s.run.latency.p50),
      ms(s.run.latency.p90),
      ms(s.run.latency.p99),
      ms(s.run.latency.max),
      group(s.run.noCharges),
      `${tally(s.run.errors)} / ${tally(s.run.closes)}`,
      perServer(s, (w) => pct(w.cpuPercent)),
      pct(s.benchCpuPercent),
      pct(s.redisCpuPercent),
      pct(s.postgresCpuPercent),
      pct(s.machineCpuPercent),
      `${s.redisCommandsPerPaint.toFixed(2)} (${s.redisTopCommands
        .map((c) => `${c.name} ${c.perPaint.toFixed(2)}`)
        .join(', ')})`,
      perServer(s, (w) => ms(w.loopLagMaxMs)),
      perServer(s, (w) => commitCell(w)),
    ]),
  );
}

const mib = (v: number) => `${Math.round(v / (1024 * 1024))} MiB`;
const seconds = (msValue: number) => `${(msValue / 1000).toFixed(2)} s`;

export function memorySection(runs: readonly MemoryRun[]): string {
  const startRows = runs.flatMap((run) =>
    run.starts.map((s, i) => [
      run.database,
      `${s.dataDir}${s.dataDir === 'existing' ? ` (restart ${i})` : ''}`,
      seconds(s.readyMs),
      Number.isFinite(s.cpuMsAtReady) ? seconds(s.cpuMsAtReady) : '–',
      mib(s.rssAtReady),
      mib(s.rssAfter5s),
      s.rssAfter25s === null ? '–' : mib(s.rssAfter25s),
    ]),
  );
  const summaryRows = runs.map((run) => {
    const m = medianStart(run.starts);
    const last = run.starts[run.starts.length - 1];
    const added = run.sockets.open;
    const grown = run.sockets.rssAfter - run.sockets.rssBefore;
    const each = (v: number) => (added > 0 && Number.isFinite(v) ? bytes(v / added) : '–');
    return [
      run.database,
      m ? seconds(m.readyMs) : '–',
      last?.rssAfter25s != null ? mib(last.rssAfter25s) : '–',
      `${mib(run.signIns.rss)} (${group(run.signIns.players)})`,
      `${mib(run.sockets.rssAfter)} (${group(added)}${run.sockets.failed > 0 ? `, ${run.sockets.failed} failed` : ''}; ` +
        `${each(grown)} each)`,
      `${mib(run.sockets.youngBefore)} → ${mib(run.sockets.youngAfter)}`,
      `${mib(run.paint.peakRss)} (${run.paint.sockets} sockets, ${group(run.paint.paintsPerSecond)} paints/s; after ${mib(run.paint.rssAfter)}, idle again +5 s ${mib(run.paint.rssIdleAgain)})`,
      `${bytes(run.mainHeapBytes)}${run.workerHeapBytes === null ? '' : ` / ${bytes(run.workerHeapBytes)}`}`,
      run.wasmBytes === null ? '–' : bytes(run.wasmBytes),
    ];
  });
  return [
    markdownTable(
      ['database', 'data directory', 'ready after', 'CPU time to ready', 'RSS at ready', '+5 s', '+25 s'],
      startRows,
    ),
    '',
    markdownTable(
      [
        'database',
        'ready after (median, existing)',
        'RSS idle (+25 s)',
        'after sign-ins (players)',
        'with idle sockets (open; RSS each)',
        'young generation, before → with sockets',
        'peak under paint load',
        'JS heap used, main / worker',
        'PGlite WASM memory',
      ],
      summaryRows,
    ),
  ].join('\n');
}

export function renderReport(r: BenchReport, wsRate: number): string {
  const out: string[] = [
    '# Benchmarks',
    '',
    `Produced by \`${r.command}\` on ${r.date.toISOString()} (${Math.round(r.durationSeconds)} s in all). ` +
      'Every figure below comes from that run; rerun it to refresh this page.',
    '',
    '## Machine',
    '',
    markdownTable(['', ''], [...machine(), ['Load average (1 min) at start', r.loadAverage.toFixed(2)]]),
    '',
    '## Setup',
    '',
    `The server runs as a child process (\`node ${[...SERVER_NODE_ARGS, '--import tsx'].join(' ')} apps/server/src/main.ts\`, with \`npm start\`'s flags), ` +
      `fresh data directory, loopback only (ready after ${r.startup
        .map((s) => `${(s.readyMs / 1000).toFixed(1)} s on ${s.database}`)
        .join(', ')}), with:`,
    '',
    markdownTable(
      ['variable', 'value'],
      Object.entries(r.settings).map(([k, v]) => [k, `\`${v}\``]),
    ),
    '',
    'The load generator (this process) and the fan-out watchers (a second child process) run on the ' +
      'same machine and compete with the server for its cores: the *bench CPU* column shows how much ' +
      'of a core the generator used. *Server CPU* is `process_cpu_seconds_total` over the interval ' +
      '(100 % = one core); *machine CPU* is every process on the machine from `/proc/stat` ' +
      `(up to ${os.cpus().length * 100} % here); *PostgreSQL CPU* sums every local \`postgres\` process (whichever database they serve); ` +
      '*other CPU* is machine − server − bench − PostgreSQL: the kernel, and anything else that ran on ' +
      'the machine at the time (a large figure means the run was disturbed); *loop lag max* is `nodejs_eventloop_lag_max_seconds` (prom-client resets it ' +
      'at each scrape, and the bench scrapes right before and after each run). *commit ms / paints per ' +
      'commit* are the means of `pixelwall_commit_seconds` and `pixelwall_commit_batch_paints` over ' +
      'the interval. Latencies count only acknowledged (200 / ok) paints; each paint run starts with a ' +
      'one-second warm-up that is not counted (first paints load each player).',
    '',
  ];
  if (r.httpPaint.length > 0) {
    out.push(
      '## http-paint',
      '',
      '`POST /api/v1/repaint/start` with a bearer token, random pixel and palette colour, a random ' +
        'player per request; a closed loop of *in flight* requests over keep-alive connections ' +
        '(node:http). A reply comes only after the group commit.',
      '',
      httpPaintSection(r.httpPaint),
      '',
    );
  }
  if (r.wsPaint.length > 0) {
    out.push(
      '## ws-paint',
      '',
      `Repaint RPC frames over \`/ws\`, pipelined by request id; latency is send → RESULT. The hub ` +
        `closes a socket that sends more than 60 messages a second, so each socket is paced at ` +
        `${wsRate}/s and the *offered ceiling* is sockets × ${wsRate}: a run that reaches it was ` +
        'limited by the load, not by the server.',
      '',
      wsPaintSection(r.wsPaint, wsRate),
      '',
    );
  }
  if (r.snapshot) out.push('## snapshot', '', snapshotSection(r.snapshot.database, r.snapshot.result), '');
  if (r.micro) {
    out.push(
      '### encodeWebp in process',
      '',
      '`encodeWebp` from `apps/server/src/modules/canvas/snapshot.ts` (palette → RGB loop in JS, in ' +
        '128-row slices that yield to the event loop, then sharp lossless webp, effort 1) called directly ' +
        'in the bench process. *Main-thread ms* is the time until the call returned its promise (the ' +
        "first slice), the longest the encode holds the server's event loop at once; the rest runs " +
        "between other work and on sharp's threads.",
      '',
      microSection(r.micro),
      '',
    );
  }
  if (r.fanout) {
    out.push(
      '## fanout',
      '',
      'Guest watcher sockets (no token) held by a child process; a painter paints at a fixed rate ' +
        'through the websocket RPC and stamps each pixel id with its send time, on the monotonic clock ' +
        'that every process on the machine reads alike. Every watcher reads ' +
        'the PIXELS header (sequence, gaps); one in ten also inflates the body and records one random ' +
        'change with its arrival time, which is joined with the send time. The latency includes the ' +
        'group commit and the wait for the next tick (`TICK_MS`). Server RSS per socket is the growth ' +
        'of `process_resident_memory_bytes` across opening the sockets, divided by their number; it ' +
        'understates when the process reuses memory freed by earlier scenarios, so the JS heap growth ' +
        'per socket is shown beside it (both approximate: the garbage collector runs when it likes).',
      '',
      fanoutSection(r.fanout.database, r.fanout.result),
      '',
    );
  }
  if (r.fanoutQuiet) {
    out.push(
      '## fanout on a quiet wall',
      '',
      'As above at 10 paints/s, every watcher sampling every change: a change that arrives more ' +
        'than `TICK_MS` after the previous frame is published as soon as its commit lands; only ' +
        'changes that follow each other closer than that wait for the rest of the interval.',
      '',
      fanoutSection(r.fanoutQuiet.database, r.fanoutQuiet.result),
      '',
    );
  }
  if (r.cluster) {
    out.push(
      '## cluster',
      '',
      'Cluster mode on this one machine: server processes with `DATABASE_URL` (a fresh PostgreSQL ' +
        'database) and `REDIS_URL` (a fresh key prefix), as `tools/src/lib/cluster.ts` starts them; ' +
        'first one process takes every socket, then two share them (sockets alternate). The load is ' +
        `ws-paint's: each socket paced at ${wsRate}/s with 8 RPCs in flight. Redis CPU and commands ` +
        "come from Redis's `INFO` (the warm-up second included); the servers, Redis, PostgreSQL and " +
        'the load generator all share the same cores.' +
        (r.cluster.readyMs.length > 0
          ? ` Servers ready after ${r.cluster.readyMs.map((m) => `${(m / 1000).toFixed(1)} s`).join(', ')}.`
          : ''),
      '',
      clusterSection(r.cluster, wsRate),
      '',
    );
  }
  if (r.memoryRuns.length > 0) {
    out.push(
      '## memory',
      '',
      'The compiled server, run as `npm start` runs it (`' +
        [
          'env',
          ...Object.entries(SERVER_ENV).map(([k, v]) => `${k}=${v}`),
          'node',
          ...SERVER_NODE_ARGS,
          'apps/server/dist/main.js',
        ].join(' ') +
        '`, with the web build), first on a new data directory (PostgreSQL: a new database), then ' +
        'restarted on it. *Ready after* is spawn → `/readyz` answering 200 (polled every 20 ms). ' +
        "*CPU time to ready* is the server process's user + system time then (all its threads, from " +
        '`/proc/<pid>/stat`): unlike the wall time, it hardly depends on what else the machine runs. ' +
        'RSS is `VmRSS` from `/proc/<pid>/status` (the whole process: the PGlite worker thread and ' +
        'its WebAssembly memory included), read by the bench. Then, on the last restart: players ' +
        'signed in, idle guest sockets opened from a child process (RSS 5 s after the last one ' +
        'opened; *each* is the growth divided by their number), and the highest RSS sampled every ' +
        "100 ms under a websocket paint load. *Young generation* is V8's new space as committed " +
        '(`nodejs_heap_space_size_total_bytes{space="new"}`, not all of it resident) before and ' +
        'after the sockets opened: the burst of handshakes grows it, and an idle server keeps it ' +
        "until V8's memory reducer next runs, so part of the RSS growth is not the sockets' own.",
      '',
      memorySection(r.memoryRuns),
      '',
    );
  }
  if (r.memory.length > 0) {
    out.push(
      '## Server memory',
      '',
      '`process_resident_memory_bytes`, `nodejs_heap_size_used_bytes` and `nodejs_external_memory_bytes` ' +
        "(ArrayBuffers, which hold PGlite's WebAssembly memory) of the server at points of the run.",
      '',
      markdownTable(
        ['database', 'when', 'RSS', 'JS heap used', 'external'],
        r.memory.map((m) => [
          m.database,
          m.when,
          bytes(m.rssBytes),
          bytes(m.heapUsedBytes),
          bytes(m.externalBytes),
        ]),
      ),
      '',
    );
  }
  if (r.notes.length > 0) out.push('## Notes from this run', '', ...r.notes.map((n) => `- ${n}`), '');
  return out.join('\n');
}
