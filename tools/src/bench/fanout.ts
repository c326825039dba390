/**
 * Fan-out: S guest watcher sockets (in a child process) while a painter paints at a fixed rate
 * through the websocket RPC. Measures paint-to-receive latency (painter's send time → a sampled
 * watcher's arrival time of that pixel), server memory per socket and the server's CPU.
 */
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FromWatchers, ToWatchers } from './fanout-watchers.ts';
import type { Player } from './players.ts';
import { type ServerHandle, type ServerWindow, serverWindow } from './server.ts';
import { type LatencySummary, metricTotal, monotonicMs, Samples, summarize } from './stats.ts';
import { runWriteFloor, type WriteFloorStep } from './write-floor.ts';
import { closeSockets, openPainterSockets, runWsPaint, type WsPaintRun } from './ws-paint.ts';

export interface FanoutOptions {
  painters: readonly Player[];
  watcherCounts: readonly number[];
  /** paints per second, spread over the painters' sockets */
  rate: number;
  seconds: number;
  sampleEvery: number;
  /** RPCs in flight per painter socket (default 8; it also caps the painter's burst) */
  inFlight?: number;
  /** measure the plain-TCP write floor afterwards (default true) */
  floor?: boolean;
}

export interface FanoutStep {
  watchers: number;
  openFailed: number;
  openErrors: string[];
  openMs: number;
  rssBefore: number;
  rssAfter: number;
  bytesPerSocket: number;
  heapBytesPerSocket: number;
  painter: WsPaintRun;
  latency: LatencySummary;
  framesPerWatcherPerSecond: number;
  /** each frame's first to last arrival over every watcher (the frames that reached them all) */
  spread: LatencySummary;
  /** the watchers' process, % of one core */
  watchersCpuPercent: number;
  gaps: number;
  watchersClosed: number;
  server: ServerWindow;
}

export interface FanoutResult {
  fdLimit: number | null;
  note: string | null;
  steps: FanoutStep[];
  /** one plain TCP write per socket, for the same socket counts (see write-floor.ts) */
  floor: WriteFloorStep[];
}

/** The soft limit on open files this process (and so its children) inherited. */
export function openFileLimit(): number | null {
  try {
    const n = Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim());
    return Number.isFinite(n) ? n : null; // "unlimited" → NaN → no cap known
  } catch {
    return null;
  }
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

/** About one frame of 5,000 paints/s at ten frames a second (500 changes, deflated). */
const FLOOR_FRAME_BYTES = 1500;

const rss = (m: Map<string, number>) => metricTotal(m, 'process_resident_memory_bytes');
const heap = (m: Map<string, number>) => metricTotal(m, 'nodejs_heap_size_used_bytes');

export async function runFanout(server: ServerHandle, opts: FanoutOptions): Promise<FanoutResult> {
  const fdLimit = openFileLimit();
  let counts = [...opts.watcherCounts];
  let note: string | null = null;
  if (fdLimit !== null) {
    // Each watcher costs one descriptor in the server and one in the child; keep headroom for both.
    const max = fdLimit - 1000;
    if (counts.some((c) => c > max)) {
      note = `ulimit -n is ${fdLimit}: watcher counts capped at ${max}`;
      counts = counts.map((c) => Math.min(c, max)).filter((c) => c > 0);
    }
  }

  const child = fork(fileURLToPath(new URL('./fanout-watchers.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const painters = await openPainterSockets(server.wsUrl, opts.painters, opts.painters.length);
  const steps: FanoutStep[] = [];
  try {
    let open = 0;
    for (const target of counts) {
      if (target <= open) continue;
      const m0 = (await server.mark()).metrics;
      const opened = await ask(
        child,
        { type: 'open', url: server.wsUrl, count: target - open, sampleEvery: opts.sampleEvery },
        'opened',
        120_000,
      );
      const added = opened.open - open;
      open = opened.open;
      await new Promise((r) => setTimeout(r, 1000));
      const mark1 = await server.mark();
      const m1 = mark1.metrics;

      const sentAt = new Map<number, number>();
      // `at` is this process's performance.now(); the watchers stamp with the machine's monotonic clock.
      const toMonotonic = monotonicMs() - performance.now();
      child.send({ type: 'record' } satisfies ToWatchers);
      const painter = await runWsPaint(painters, {
        sockets: painters.length,
        inFlight: opts.inFlight ?? 8,
        perSocketRate: opts.rate / painters.length,
        seconds: opts.seconds,
        maxRequests: Math.ceil(opts.rate * opts.seconds * 1.2),
        warmupSeconds: 0,
        onSend: (pixelId, at) => sentAt.set(pixelId, at + toMonotonic),
      });
      // The last acknowledged paints reach the watchers with the next tick.
      await new Promise((r) => setTimeout(r, 500));
      const samples = await ask(child, { type: 'stop' }, 'samples', 30_000);
      const mark2 = await server.mark();

      const latency = new Samples();
      for (let i = 0; i < samples.pixelIds.length; i++) {
        const sent = sentAt.get(samples.pixelIds[i]!);
        if (sent !== undefined && samples.receivedAt[i]! >= sent) latency.push(samples.receivedAt[i]! - sent);
      }
      steps.push({
        watchers: open,
        openFailed: opened.failed,
        openErrors: opened.errors,
        openMs: opened.ms,
        rssBefore: rss(m0),
        rssAfter: rss(m1),
        bytesPerSocket: added > 0 ? (rss(m1) - rss(m0)) / added : Number.NaN,
        heapBytesPerSocket: added > 0 ? (heap(m1) - heap(m0)) / added : Number.NaN,
        painter,
        latency: latency.summary(),
        framesPerWatcherPerSecond:
          samples.watchers > 0 && painter.seconds > 0
            ? samples.frames / samples.watchers / painter.seconds
            : 0,
        spread: summarize(samples.spreadMs),
        watchersCpuPercent: samples.cpuPercent,
        gaps: samples.gaps,
        watchersClosed: samples.closed,
        server: serverWindow(mark1, mark2),
      });
    }
  } finally {
    await closeSockets(painters);
    if (child.connected) await ask(child, { type: 'close' }, 'closed', 30_000).catch(() => {});
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
  }
  const floor =
    opts.floor === false
      ? []
      : await runWriteFloor({ counts, frameBytes: FLOOR_FRAME_BYTES, rounds: 20, pauseMs: 100 });
  return { fdLimit, note, steps, floor };
}
