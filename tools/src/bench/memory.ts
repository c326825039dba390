/**
 * The memory scenario: the compiled server (`npm start`'s command line and environment, `SERVER_ENV`
 * through bench/server.ts) on a new data directory,
 * then restarted on that same directory; time to ready and RSS at ready and at idle, then after
 * sign-ins, with thousands of idle guest sockets open, and at its peak under a paint load.
 *
 * RSS is read from /proc/<pid>/status (VmRSS) by this process, so reading it costs the server
 * nothing; it includes the PGlite worker thread and its WebAssembly memory. Off Linux the server's
 * own `process_resident_memory_bytes` is used instead.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuild } from '../lib/server-process.ts';
import { openFileLimit } from './fanout.ts';
import type { FromWatchers, ToWatchers } from './fanout-watchers.ts';
import { signInPlayers } from './players.ts';
import { type ServerHandle, startServer } from './server.ts';
import { metricTotal } from './stats.ts';
import { closeSockets, openPainterSockets, runWsPaint, SAFE_SOCKET_RATE } from './ws-paint.ts';

export interface MemoryOptions {
  repoRoot: string;
  /** postgres:// URL of a throwaway database, or undefined for the embedded PGlite */
  databaseUrl?: string;
  /** restarts on the existing data directory; their median time to ready is reported */
  restarts: number;
  signIns: number;
  idleSockets: number;
  paint: { sockets: number; inFlight: number; seconds: number };
  nodeArgs?: string[];
  /** registers each server as it starts, so a watchdog can stop it */
  onServer?(server: ServerHandle): void;
}

export interface MemoryStart {
  dataDir: 'new' | 'existing';
  readyMs: number;
  /** CPU time (user + system, every thread) the server had used when ready; NaN off Linux */
  cpuMsAtReady: number;
  rssAtReady: number;
  rssAfter5s: number;
  /** measured on the first start and on the last restart only */
  rssAfter25s: number | null;
}

export interface MemoryRun {
  database: string;
  starts: MemoryStart[];
  /** PGlite: its WebAssembly memory (grown, not necessarily resident) and the worker's V8 heap */
  wasmBytes: number | null;
  workerHeapBytes: number | null;
  mainHeapBytes: number;
  signIns: { players: number; rss: number };
  sockets: {
    requested: number;
    open: number;
    failed: number;
    rssBefore: number;
    rssAfter: number;
    /** V8's young generation (new space, committed) before and after, from the server's metrics */
    youngBefore: number;
    youngAfter: number;
  };
  paint: {
    sockets: number;
    paintsPerSecond: number;
    rssBefore: number;
    peakRss: number;
    rssAfter: number;
    /** 5 s after the painters closed: what an idle server hands back after a load */
    rssIdleAgain: number;
  };
}

const MiB = 1024 * 1024;

/** The server's RSS now: VmRSS from /proc, else what its metrics say. */
async function rssOf(server: ServerHandle): Promise<number> {
  try {
    const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    if (kb) return Number(kb[1]) * 1024;
  } catch {
    // not Linux, or the process is gone
  }
  return metricTotal(await server.metrics(), 'process_resident_memory_bytes');
}

/**
 * The server's young generation as V8 has committed it. A burst of thousands of handshakes, whose
 * sockets survive every scavenge, grows it (up to twice --max-semi-space-size), and an idle server
 * keeps it until V8's memory reducer runs, which it may not for minutes: RSS growth across opening
 * the sockets counts it, although the sockets do not hold it.
 */
async function youngOf(server: ServerHandle): Promise<number> {
  return metricTotal(await server.metrics(), 'nodejs_heap_space_size_total_bytes{space="new"}');
}

/** utime + stime of the whole process from /proc/<pid>/stat, in ms (clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The start whose time to ready is the median of those on an existing data directory. */
export function medianStart(starts: readonly MemoryStart[]): MemoryStart | null {
  const existing = starts.filter((s) => s.dataDir === 'existing');
  if (existing.length === 0) return null;
  const m = median(existing.map((s) => s.readyMs));
  return existing.reduce((best, s) => (Math.abs(s.readyMs - m) < Math.abs(best.readyMs - m) ? s : best));
}

function ask<T extends FromWatchers['type']>(
  child: ChildProcess,
  msg: ToWatchers,
  reply: T,
  timeoutMs: number,
): Promise<Extract<FromWatchers, { type: T }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      reject(new Error(`watchers did not answer '${msg.type}' in ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (m: FromWatchers) => {
      if (m.type !== reply) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(m as Extract<FromWatchers, { type: T }>);
    };
    child.on('message', onMessage);
    child.send(msg);
  });
}

/** Opens `count` idle guest sockets from a child process (the fan-out watchers), measuring RSS around it. */
async function withIdleSockets(server: ServerHandle, count: number): Promise<MemoryRun['sockets']> {
  const limit = openFileLimit();
  // One descriptor per socket in the server and one in the child, with headroom for both.
  const requested = limit === null ? count : Math.max(0, Math.min(count, limit - 1000));
  const child = fork(fileURLToPath(new URL('./fanout-watchers.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const rssBefore = await rssOf(server);
    const youngBefore = await youngOf(server);
    const opened = await ask(
      child,
      // sampleEvery beyond the count: no watcher inflates frames (the wall is quiet anyway)
      { type: 'open', url: server.wsUrl, count: requested, sampleEvery: requested + 1 },
      'opened',
      180_000,
    );
    // Let the server settle after the burst of upgrades before reading its RSS.
    await sleep(5000);
    return {
      requested,
      open: opened.open,
      failed: opened.failed,
      rssBefore,
      rssAfter: await rssOf(server),
      youngBefore,
      youngAfter: await youngOf(server),
    };
  } finally {
    if (child.connected) await ask(child, { type: 'close' }, 'closed', 30_000).catch(() => {});
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
  }
}

export async function runMemory(opts: MemoryOptions): Promise<MemoryRun> {
  ensureBuild();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-bench-memory-'));
  const starts: MemoryStart[] = [];
  const start = async (existing: boolean, long: boolean) => {
    const server = await startServer({
      repoRoot: opts.repoRoot,
      databaseUrl: opts.databaseUrl,
      nodeArgs: opts.nodeArgs,
      compiled: true,
      dataDir,
      readyPollMs: 20,
      // As npm start serves it: with the web build, whose files the static plugin indexes at start.
      env: { WEB_DIST: path.join(opts.repoRoot, 'apps/web/dist') },
    });
    opts.onServer?.(server);
    const cpuMsAtReady = cpuMsOf(server.pid);
    const rssAtReady = await rssOf(server);
    await sleep(5000);
    const rssAfter5s = await rssOf(server);
    let rssAfter25s: number | null = null;
    if (long) {
      await sleep(20_000);
      rssAfter25s = await rssOf(server);
    }
    starts.push({
      dataDir: existing ? 'existing' : 'new',
      readyMs: server.readyMs,
      cpuMsAtReady,
      rssAtReady,
      rssAfter5s,
      rssAfter25s,
    });
    return server;
  };

  try {
    await (await start(false, true)).stop();
    for (let i = 1; i < opts.restarts; i++) await (await start(true, false)).stop();
    const server = await start(true, true);
    try {
      const m = await server.metrics();
      const pglite = opts.databaseUrl === undefined;
      const players = await signInPlayers(server.baseUrl, opts.signIns);
      const signIns = { players: players.length, rss: await rssOf(server) };
      const sockets = await withIdleSockets(server, opts.idleSockets);

      const painters = await openPainterSockets(
        server.wsUrl,
        players.slice(0, opts.paint.sockets),
        opts.paint.sockets,
      );
      const rssBefore = await rssOf(server);
      let peakRss = rssBefore;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          peakRss = Math.max(peakRss, await rssOf(server));
          await sleep(100);
        }
      })();
      let paintsPerSecond = 0;
      try {
        const run = await runWsPaint(painters, {
          sockets: painters.length,
          inFlight: opts.paint.inFlight,
          perSocketRate: SAFE_SOCKET_RATE,
          seconds: opts.paint.seconds,
          maxRequests: 300_000,
        });
        paintsPerSecond = run.paintsPerSecond;
      } finally {
        sampling = false;
        await sampler;
        await closeSockets(painters);
      }
      const rssAfter = await rssOf(server);
      await sleep(5000);
      const rssIdleAgain = await rssOf(server);
      return {
        database: pglite ? 'PGlite' : 'PostgreSQL',
        starts,
        wasmBytes: pglite ? metricTotal(m, 'pglite_worker_wasm_memory_bytes') : null,
        workerHeapBytes: pglite ? metricTotal(m, 'pglite_worker_heap_used_bytes') : null,
        mainHeapBytes: metricTotal(m, 'nodejs_heap_size_used_bytes'),
        signIns,
        sockets,
        paint: {
          sockets: painters.length,
          paintsPerSecond,
          rssBefore,
          peakRss,
          rssAfter,
          rssIdleAgain,
        },
      };
    } finally {
      await server.stop();
    }
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** For a log line while the bench runs. */
export function describeStart(s: MemoryStart): string {
  return `${s.dataDir} data directory: ready after ${Math.round(s.readyMs)} ms (${s.cpuMsAtReady} ms CPU), RSS ${Math.round(s.rssAtReady / MiB)} MiB`;
}
