/**
 * Cluster mode: server processes sharing one PostgreSQL database (fresh, dropped afterwards) and
 * one Redis (a fresh key prefix, deleted afterwards), as `tools/src/lib/cluster.ts` sets them up.
 * First one process takes the whole websocket paint load, then two processes share it (sockets
 * alternate between them). Besides the paint figures it reads Redis's own CPU and command count
 * (`INFO`), so a run shows whether Redis, PostgreSQL, the servers or the load generator ran out.
 */
import { Redis } from 'ioredis';
import { type ClusterBackends, clusterServicesAvailable, createClusterBackends } from '../lib/cluster.ts';
import { signInPlayers } from './players.ts';
import { type Mark, type ServerHandle, type ServerWindow, serverWindow, startServer } from './server.ts';
import {
  closeSockets,
  openPainterSockets,
  type PainterSocket,
  runWsPaint,
  type WsPaintRun,
} from './ws-paint.ts';

export interface ClusterOptions {
  repoRoot: string;
  /** server process counts, one measured run each (e.g. [1, 2]) */
  steps: readonly number[];
  sockets: number;
  inFlight: number;
  perSocketRate: number;
  /** players per step: each step paints with players of its own, so none runs out of charges */
  playersPerStep: number;
  seconds: number;
  maxRequests: number;
  nodeArgs?: string[];
  /** called with each server as it starts (the caller stops stragglers if the run hangs) */
  onServer?(s: ServerHandle): void;
}

export interface RedisCounters {
  cpuSeconds: number;
  commands: number;
  /** calls per command name (`INFO commandstats`) */
  calls: Map<string, number>;
}

export interface ClusterStep {
  servers: number;
  run: WsPaintRun;
  windows: ServerWindow[];
  benchCpuPercent: number;
  redisCpuPercent: number;
  /** Redis commands processed per acknowledged paint (script calls, publishes, bookkeeping) */
  redisCommandsPerPaint: number;
  /** the commands behind that figure, most frequent first */
  redisTopCommands: { name: string; perPaint: number }[];
  machineCpuPercent: number;
  postgresCpuPercent: number;
}

export interface ClusterResult {
  skipped: string | null;
  readyMs: number[];
  steps: ClusterStep[];
}

/** Whole-server Redis counters: other clients of the same Redis count too (none during a bench). */
export async function redisCounters(redis: Redis): Promise<RedisCounters> {
  const info = await redis.info('everything');
  const field = (name: string) => Number(new RegExp(`^${name}:([0-9.]+)`, 'm').exec(info)?.[1] ?? Number.NaN);
  const calls = new Map<string, number>();
  for (const m of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) calls.set(m[1]!, Number(m[2]));
  return {
    cpuSeconds: field('used_cpu_sys') + field('used_cpu_user'),
    commands: field('total_commands_processed'),
    calls,
  };
}

export async function runCluster(opts: ClusterOptions): Promise<ClusterResult> {
  if (!(await clusterServicesAvailable())) {
    return { skipped: 'PostgreSQL or Redis did not answer', readyMs: [], steps: [] };
  }
  const backends: ClusterBackends = await createClusterBackends();
  const redis = new Redis(backends.redisUrl);
  const servers: ServerHandle[] = [];
  // The bench signs its players in with its own bot token; the rest is the cluster's environment.
  const { TELEGRAM_BOT_TOKEN: _botToken, ...env } = backends.env;
  const steps: ClusterStep[] = [];
  try {
    const maxServers = Math.max(...opts.steps);
    let players: Awaited<ReturnType<typeof signInPlayers>> = [];
    let stepIndex = 0;
    for (const n of opts.steps) {
      while (servers.length < n) {
        const s = await startServer({ repoRoot: opts.repoRoot, env, nodeArgs: opts.nodeArgs });
        servers.push(s);
        opts.onServer?.(s);
        if (players.length === 0) {
          console.info(`[cluster] signing in ${opts.playersPerStep * opts.steps.length} players`);
          players = await signInPlayers(s.baseUrl, opts.playersPerStep * opts.steps.length);
        }
      }
      const slice = players.slice(stepIndex * opts.playersPerStep, (stepIndex + 1) * opts.playersPerStep);
      stepIndex++;
      console.info(
        `[cluster] ${n} of ${maxServers} servers: ${opts.sockets} sockets × ${opts.inFlight} in flight, ${opts.seconds} s`,
      );
      // Sockets alternate between the servers; each server's share cycles through the players.
      const conns: PainterSocket[] = [];
      for (let i = 0; i < n; i++) {
        const share = Math.floor(opts.sockets / n) + (i < opts.sockets % n ? 1 : 0);
        const own = slice.filter((_, j) => j % n === i);
        conns.push(...(await openPainterSockets(servers[i]!.wsUrl, own, share)));
      }
      const active = servers.slice(0, n);
      const before: Mark[] = await Promise.all(active.map((s) => s.mark()));
      const r0 = await redisCounters(redis);
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const run = await runWsPaint(conns, {
        sockets: conns.length,
        inFlight: opts.inFlight,
        perSocketRate: opts.perSocketRate,
        seconds: opts.seconds,
        maxRequests: opts.maxRequests,
      });
      const elapsed = (performance.now() - t0) / 1000;
      const cpu = process.cpuUsage(cpu0);
      const r1 = await redisCounters(redis);
      const after: Mark[] = await Promise.all(active.map((s) => s.mark()));
      await closeSockets(conns);
      const windows = active.map((_, i) => serverWindow(before[i]!, after[i]!));
      steps.push({
        servers: n,
        run,
        windows,
        benchCpuPercent: ((cpu.user + cpu.system) / 1e6 / elapsed) * 100,
        redisCpuPercent: ((r1.cpuSeconds - r0.cpuSeconds) / elapsed) * 100,
        // INFO itself is one command on each side.
        redisCommandsPerPaint: run.ok > 0 ? (r1.commands - r0.commands - 1) / (run.ok + run.noCharges) : 0,
        redisTopCommands: [...r1.calls]
          .map(([name, c]) => ({ name, perPaint: (c - (r0.calls.get(name) ?? 0)) / Math.max(1, run.ok) }))
          .filter((c) => c.perPaint >= 0.01)
          .sort((a, b) => b.perPaint - a.perPaint)
          .slice(0, 8),
        machineCpuPercent: windows[0]!.machineCpuPercent,
        postgresCpuPercent: windows[0]!.postgresCpuPercent,
      });
    }
    return { skipped: null, readyMs: servers.map((s) => s.readyMs), steps };
  } finally {
    for (const s of servers) await s.stop();
    redis.disconnect();
    await backends.dispose();
  }
}
