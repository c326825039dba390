/**
 * The server under test runs from source as a child process with the Node flags `npm start` gives it, so the load
 * generator and the server are measured as separate processes (they still share the machine's cores).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { COMPILED_ENTRY, SERVER_ENV, SERVER_NODE_ARGS } from '../lib/server-process.ts';
import { metricTotal, parsePrometheus } from './stats.ts';

export const BENCH_BOT_TOKEN = '123456789:AAH-bench-token-000000000000000000';
export const HOST = '127.0.0.1';

/** Raised limits so the load measures the paint path, not the per-player and per-address guards. */
export const BENCH_SERVER_ENV: Readonly<Record<string, string>> = {
  START_CHARGES: '1000',
  RECHARGE_SECONDS: '1',
  RATE_LIMIT_PAINTS_PER_SECOND: '1000',
  RATE_LIMIT_IP_PER_MINUTE: '100000000',
  LOG_LEVEL: 'warn',
};

export interface ServerHandle {
  baseUrl: string;
  wsUrl: string;
  pid: number;
  /** spawn → /readyz answering 200 */
  readyMs: number;
  metrics(): Promise<Map<string, number>>;
  /** the server's metrics and the whole machine's CPU counters, now */
  mark(): Promise<Mark>;
  stop(): Promise<void>;
}

export interface Mark {
  metrics: Map<string, number>;
  machine: CpuTimes | null;
  at: number;
}

export interface CpuTimes {
  busy: number;
  total: number;
  /** CPU ticks of every local `postgres` process, which the machine's figure includes */
  postgres: number;
}

/** Jiffies from /proc/stat (Linux): lets a report show when other processes were using the cores too. */
export function machineCpu(): CpuTimes | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
    const [user, nice, system, idle, iowait, irq, softirq, steal] = line
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const busy = user! + nice! + system! + irq! + softirq! + steal!;
    return { busy, total: busy + idle! + iowait!, postgres: postgresTicks() };
  } catch {
    return null;
  }
}

function postgresTicks(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      // Fields after the command name: state is the 3rd field, utime and stime the 14th and 15th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks;
}

export interface ServerOptions {
  repoRoot: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** extra node flags for the server, e.g. --cpu-prof when looking for a bottleneck */
  nodeArgs?: string[];
  /** run the production build (apps/server/dist/main.js) as `npm start` does, not the source with tsx */
  compiled?: boolean;
  /** an existing data directory to start on; it is left in place at stop (default: a new one, removed) */
  dataDir?: string;
  /** how often /readyz is polled while starting (default 100 ms); readyMs is no finer than this */
  readyPollMs?: number;
}

/** A port nobody listens on right now; the tiny race with other processes is acceptable here. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, HOST, () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

export async function startServer(opts: ServerOptions): Promise<ServerHandle> {
  const ownDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'pw-bench-')));
  const port = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.tmpdir(),
    PORT: String(port),
    HOST,
    DATA_DIR: dataDir,
    TELEGRAM_BOT_TOKEN: BENCH_BOT_TOKEN,
    ...SERVER_ENV,
    ...BENCH_SERVER_ENV,
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...opts.env,
  };
  const spawnedAt = performance.now();
  const child = spawn(
    process.execPath,
    [
      ...SERVER_NODE_ARGS,
      ...(opts.nodeArgs ?? []),
      ...(opts.compiled ? [COMPILED_ENTRY] : ['--import', 'tsx', 'apps/server/src/main.ts']),
    ],
    {
      cwd: opts.repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const baseUrl = `http://${HOST}:${port}`;
  try {
    await waitReady(baseUrl, child, 60_000, opts.readyPollMs ?? 100);
  } catch (err) {
    child.kill('SIGKILL');
    await exited;
    if (ownDir) await fs.rm(dataDir, { recursive: true, force: true });
    throw new Error(`${(err as Error).message}\n--- server output ---\n${output.join('')}`);
  }

  const readyMs = performance.now() - spawnedAt;
  const metrics = async () => {
    const res = await fetch(`${baseUrl}/metrics`);
    return parsePrometheus(await res.text());
  };
  let stopped: Promise<void> | null = null;
  return {
    baseUrl,
    wsUrl: `ws://${HOST}:${port}/ws`,
    pid: child.pid ?? -1,
    readyMs,
    metrics,
    async mark() {
      const m = await metrics();
      return { metrics: m, machine: machineCpu(), at: performance.now() };
    },
    stop() {
      stopped ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
          await exited;
          clearTimeout(timer);
        }
        if (ownDir) await fs.rm(dataDir, { recursive: true, force: true });
        const tail = output.join('').trim();
        if (tail) console.warn(`server output:\n${tail.slice(-4000)}`);
      })();
      return stopped;
    },
  };
}

async function waitReady(
  baseUrl: string,
  child: ChildProcess,
  timeoutMs: number,
  pollMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before ready`);
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
  throw new Error(`server not ready after ${timeoutMs} ms`);
}

/** What the server's own metrics say about an interval: CPU, event-loop lag, commits, memory. */
export interface ServerWindow {
  cpuPercent: number;
  /** the main thread alone, % of one core (NaN on a Node without process.threadCpuUsage) */
  mainThreadCpuPercent: number;
  /** the wall time the main event loop was busy (not waiting for I/O), % */
  loopBusyPercent: number;
  /** max / p99 event-loop delay in the interval (prom-client resets its histogram on each scrape) */
  loopLagMaxMs: number;
  loopLagP99Ms: number;
  commits: number;
  commitMeanMs: number;
  commitMeanBatch: number;
  rssBytes: number;
  /** every process on the machine, % of one core (so up to cores × 100) */
  machineCpuPercent: number;
  /** local PostgreSQL processes, same unit; 0 when the server uses PGlite */
  postgresCpuPercent: number;
}

export function serverWindow(a: Mark, b: Mark): ServerWindow {
  const before = a.metrics;
  const after = b.metrics;
  const seconds = (b.at - a.at) / 1000;
  const d = (name: string) => metricTotal(after, name) - metricTotal(before, name);
  const cores = os.cpus().length;
  const ma = a.machine;
  const mb = b.machine;
  const known = ma !== null && mb !== null && mb.total > ma.total;
  // /proc/stat counts jiffies over all cores; per core they measure elapsed time.
  const elapsed = known ? (mb.total - ma.total) / cores : Number.NaN;
  const machine = known ? ((mb.busy - ma.busy) / elapsed) * 100 : Number.NaN;
  const postgres = known ? ((mb.postgres - ma.postgres) / elapsed) * 100 : Number.NaN;
  const commits = d('pixelwall_commit_seconds_count');
  return {
    cpuPercent: (d('process_cpu_seconds_total') / seconds) * 100,
    mainThreadCpuPercent: after.has('pixelwall_main_thread_cpu_seconds_total')
      ? (d('pixelwall_main_thread_cpu_seconds_total') / seconds) * 100
      : Number.NaN,
    loopBusyPercent: (d('pixelwall_event_loop_busy_seconds_total') / seconds) * 100,
    loopLagMaxMs: metricTotal(after, 'nodejs_eventloop_lag_max_seconds') * 1000,
    loopLagP99Ms: metricTotal(after, 'nodejs_eventloop_lag_p99_seconds') * 1000,
    commits,
    commitMeanMs: commits > 0 ? (d('pixelwall_commit_seconds_sum') / commits) * 1000 : Number.NaN,
    commitMeanBatch: commits > 0 ? d('pixelwall_commit_batch_paints_sum') / commits : Number.NaN,
    rssBytes: metricTotal(after, 'process_resident_memory_bytes'),
    machineCpuPercent: machine,
    postgresCpuPercent: postgres,
  };
}
