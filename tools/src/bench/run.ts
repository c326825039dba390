/**
 * `npm run bench`: starts the server as a child process, runs the scenarios against it over loopback,
 * stops it, and writes BENCHMARKS.md at the repository root.
 *
 *   BENCH_SECONDS        seconds per measured run (default 8)                      or --seconds N
 *   BENCH_SCENARIOS      comma list: http-paint, ws-paint, snapshot, quiet, fanout, cluster, memory
 *                        or --only a,b
 *                        (short names: http, ws); default all
 *   BENCH_DATABASE_URL   also run the paint scenarios on PostgreSQL, in a throwaway database there
 *   --out FILE           where the report goes: default BENCHMARKS.md when every scenario ran,
 *                        otherwise a file in the temporary directory (a partial run never
 *                        overwrites the full page)
 *   BENCH_NODE_ARGS      extra node flags for every server, e.g. "--max-semi-space-size=64"
 *   --cpu-prof DIR       start every server with `node --cpu-prof --cpu-prof-dir DIR`
 *
 * e.g. `npm run bench -- --only ws,cluster --seconds 5`
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pgTypes from 'pg';
import { flag } from './cli.ts';
import { runCluster } from './cluster.ts';
import { runFanout } from './fanout.ts';
import { runHttpPaint } from './http-paint.ts';
import { describeStart, runMemory } from './memory.ts';
import { type Player, signInPlayers } from './players.ts';
import { type BenchReport, type Measured, othersCpu, renderReport } from './report.ts';
import { BENCH_SERVER_ENV, type ServerHandle, serverWindow, startServer } from './server.ts';
import { microEncode, runSnapshot } from './snapshot.ts';
import { metricTotal } from './stats.ts';
import { closeSockets, openPainterSockets, runWsPaint, SAFE_SOCKET_RATE } from './ws-paint.ts';

const SCENARIOS = ['http-paint', 'ws-paint', 'snapshot', 'quiet', 'fanout', 'cluster', 'memory'] as const;
type Scenario = (typeof SCENARIOS)[number];
const SHORT_NAMES: Record<string, Scenario> = { http: 'http-paint', ws: 'ws-paint' };

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
// A reply waits for its group commit, so a closed loop's throughput is in-flight ÷ latency: 1,024
// requests in flight is where the server, not the loop, sets the pace. The three runs share their
// players: 1,000 charges each is 1,000,000, more than the three runs' request caps together
// (300 players ran out in the 1,024 run once the server passed ~15,000 paints/s).
const HTTP_PLAYERS = 1000;
const HTTP_CONCURRENCY = [64, 256, 1024];
// Each run has its own players so none runs out of charges (1,000 each, one back per second).
const WS_RUNS = [
  { players: 64, sockets: 64, inFlight: 8 },
  { players: 256, sockets: 512, inFlight: 8 },
  { players: 512, sockets: 1024, inFlight: 8 },
];
const WS_PLAYERS = WS_RUNS.reduce((n, r) => n + r.players, 0);
const SNAPSHOT_PLAYERS = 200;
const FILL_TARGET = 100_000;
// 5,000 paints/s from 200 painter sockets (25/s each, so no player runs out of charges over three
// steps) while 1,000, then 5,000, then 10,000 watchers receive the frames.
const FANOUT_PAINTERS = 200;
const FANOUT_RATE = 5000;
const FANOUT_WATCHERS = [1000, 5000, 10_000];
// The quiet wall first: 10 paints/s to 1,000 watchers, where a paint should show at once.
const QUIET_RATE = 10;
const QUIET_WATCHERS = [1000];
const PAINT_REQUEST_CAP = 300_000;
// Cluster: 1, then 2 server processes; 1,024 sockets offer up to 51,200 paints/s (target 25,000).
const CLUSTER_STEPS = [1, 2];
const CLUSTER_SOCKETS = 1024;
const CLUSTER_PLAYERS_PER_STEP = 512;
// Memory: the compiled server started on a new data directory, then restarted on it (the median
// of the restarts' times to ready is reported); then sign-ins, 5,000 idle sockets and a paint load.
const MEMORY_RESTARTS = 3;
const MEMORY_SIGN_INS = 200;
const MEMORY_IDLE_SOCKETS = 5000;
const MEMORY_PAINT = { sockets: 64, inFlight: 8 };
const HAND_KEPT_MARKER = '<!-- Sections below are kept by hand; npm run bench keeps them as they are. -->';
// A run that hangs must not hold the machine: the whole bench is killed after this.
const WATCHDOG_MS = 10 * 60_000;

function settings() {
  const seconds = Number(flag('seconds') ?? process.env.BENCH_SECONDS ?? 8);
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > 120) {
    throw new Error('BENCH_SECONDS must be a number of seconds from 1 to 120');
  }
  const wanted = (flag('only') ?? process.env.BENCH_SCENARIOS ?? '').trim();
  const scenarios = new Set<Scenario>(
    wanted === ''
      ? SCENARIOS
      : wanted.split(',').map((s) => {
          const name = (SHORT_NAMES[s.trim()] ?? s.trim()) as Scenario;
          if (!SCENARIOS.includes(name))
            throw new Error(`unknown scenario "${s}"; known: ${SCENARIOS.join(', ')}`);
          return name;
        }),
  );
  const databaseUrl = process.env.BENCH_DATABASE_URL?.trim() || null;
  const cpuProfDir = flag('cpu-prof');
  const nodeArgs = [
    ...(process.env.BENCH_NODE_ARGS?.trim().split(/\s+/).filter(Boolean) ?? []),
    ...(cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(cpuProfDir)] : []),
  ];
  const complete = SCENARIOS.every((s) => scenarios.has(s));
  const out = path.resolve(
    flag('out') ??
      (complete
        ? path.join(REPO_ROOT, 'BENCHMARKS.md')
        : path.join(os.tmpdir(), `pw-bench-${[...scenarios].join('-')}.md`)),
  );
  return { seconds, scenarios, databaseUrl, nodeArgs, out };
}

function commandLine(): string {
  const flags = ['BENCH_SECONDS', 'BENCH_SCENARIOS', 'BENCH_DATABASE_URL', 'BENCH_NODE_ARGS']
    .filter((k) => process.env[k])
    .map((k) => {
      let v = process.env[k]!;
      if (k === 'BENCH_DATABASE_URL') {
        const u = new URL(v);
        if (u.password) u.password = '***';
        v = u.toString();
      }
      return /\s/.test(v) ? `${k}="${v}"` : `${k}=${v}`;
    });
  // --out and --cpu-prof change where things go, not what is measured.
  const args: string[] = [];
  const given = process.argv.slice(2);
  for (let i = 0; i < given.length; i++) {
    const a = given[i]!;
    if (a === '--out' || a === '--cpu-prof') i++;
    else if (!a.startsWith('--out=') && !a.startsWith('--cpu-prof=')) args.push(a);
  }
  return [...flags, 'npm run bench', ...(args.length > 0 ? ['--', ...args] : [])].join(' ');
}

/** Runs `fn` between two scrapes of the server's metrics, and times this process's CPU too. */
async function measured<T>(
  server: ServerHandle,
  database: string,
  fn: () => Promise<T>,
): Promise<Measured<T>> {
  const before = await server.mark();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const run = await fn();
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return {
    database,
    run,
    server: serverWindow(before, await server.mark()),
    benchCpuPercent: ((cpu.user + cpu.system) / 1e6 / seconds) * 100,
  };
}

async function checkpoint(report: BenchReport, server: ServerHandle, database: string, when: string) {
  const m = await server.metrics();
  report.memory.push({
    database,
    when,
    rssBytes: metricTotal(m, 'process_resident_memory_bytes'),
    heapUsedBytes: metricTotal(m, 'nodejs_heap_size_used_bytes'),
    externalBytes: metricTotal(m, 'nodejs_external_memory_bytes'),
  });
}

async function paintScenarios(
  server: ServerHandle,
  database: string,
  players: Player[],
  cfg: ReturnType<typeof settings>,
  report: BenchReport,
): Promise<void> {
  if (cfg.scenarios.has('http-paint')) {
    const slice = players.slice(0, HTTP_PLAYERS);
    for (const concurrency of HTTP_CONCURRENCY) {
      console.info(`[${database}] http-paint: ${concurrency} in flight, ${cfg.seconds} s`);
      report.httpPaint.push(
        await measured(server, database, () =>
          runHttpPaint(server.baseUrl, {
            players: slice,
            concurrency,
            seconds: cfg.seconds,
            maxRequests: PAINT_REQUEST_CAP,
          }),
        ),
      );
    }
    await checkpoint(report, server, database, 'after http-paint');
  }
  if (cfg.scenarios.has('ws-paint')) {
    let from = HTTP_PLAYERS;
    for (const r of WS_RUNS) {
      const slice = players.slice(from, from + r.players);
      from += r.players;
      console.info(
        `[${database}] ws-paint: ${r.sockets} sockets × ${r.inFlight} in flight, ${cfg.seconds} s`,
      );
      const conns = await openPainterSockets(server.wsUrl, slice, r.sockets);
      report.wsPaint.push(
        await measured(server, database, () =>
          runWsPaint(conns, {
            sockets: r.sockets,
            inFlight: r.inFlight,
            perSocketRate: SAFE_SOCKET_RATE,
            seconds: cfg.seconds,
            maxRequests: PAINT_REQUEST_CAP,
          }),
        ),
      );
      await closeSockets(conns);
    }
    await checkpoint(report, server, database, 'after ws-paint');
  }
}

function playersNeeded(scenarios: Set<Scenario>, withBrowsing: boolean): number {
  let n = HTTP_PLAYERS + WS_PLAYERS;
  if (withBrowsing) {
    if (scenarios.has('snapshot')) n += SNAPSHOT_PLAYERS;
    if (scenarios.has('fanout') || scenarios.has('quiet')) n += FANOUT_PAINTERS;
  }
  return n;
}

async function withPostgresDatabase<T>(adminUrl: string, fn: (url: string) => Promise<T>): Promise<T> {
  // pg is a dependency of the server package; load it from there rather than adding it to tools.
  const require = createRequire(new URL('../../../apps/server/package.json', import.meta.url));
  const pg = require('pg') as typeof pgTypes;
  const name = `pw_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  try {
    return await fn(u.toString());
  } finally {
    const a = new pg.Client({ connectionString: adminUrl });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.end();
  }
}

async function main(): Promise<void> {
  const cfg = settings();
  const started = performance.now();
  const report: BenchReport = {
    date: new Date(),
    loadAverage: os.loadavg()[0]!,
    startup: [],
    command: commandLine(),
    settings: {},
    durationSeconds: 0,
    httpPaint: [],
    wsPaint: [],
    snapshot: null,
    micro: null,
    fanout: null,
    fanoutQuiet: null,
    cluster: null,
    memory: [],
    memoryRuns: [],
    notes: [],
  };

  const servers = new Set<ServerHandle>();
  const watchdog = setTimeout(() => {
    console.error(`bench exceeded ${WATCHDOG_MS / 1000} s; stopping`);
    for (const s of servers) void s.stop();
    setTimeout(() => process.exit(1), 5000).unref();
  }, WATCHDOG_MS);
  watchdog.unref();

  const start = async (databaseUrl?: string) => {
    const s = await startServer({ repoRoot: REPO_ROOT, databaseUrl, nodeArgs: cfg.nodeArgs });
    servers.add(s);
    report.startup.push({ database: databaseUrl ? 'PostgreSQL' : 'PGlite', readyMs: s.readyMs });
    return s;
  };
  const stop = async (s: ServerHandle) => {
    await s.stop();
    servers.delete(s);
  };

  const embedded = ['http-paint', 'ws-paint', 'snapshot', 'quiet', 'fanout'].some((n) =>
    cfg.scenarios.has(n as Scenario),
  );
  const embeddedScenarios = async (server: ServerHandle) => {
    await checkpoint(report, server, 'PGlite', 'ready, before sign-ins');
    const count = playersNeeded(cfg.scenarios, true);
    console.info(`signing in ${count} players`);
    const players = await signInPlayers(server.baseUrl, count);
    await checkpoint(report, server, 'PGlite', `ready, ${count} players signed in`);
    await paintScenarios(server, 'PGlite', players, cfg, report);
    let next = playersNeeded(cfg.scenarios, false);
    if (cfg.scenarios.has('snapshot')) {
      console.info(`[PGlite] snapshot: filling up to ${FILL_TARGET} pixels, then encoding and serving`);
      const result = await runSnapshot(server, {
        players: players.slice(next, next + SNAPSHOT_PLAYERS),
        fillTarget: FILL_TARGET,
        fillSeconds: Math.max(15, cfg.seconds * 2),
        seconds: cfg.seconds,
        concurrency: 64,
        maxRequests: 100_000,
        freshEncodes: 5,
      });
      report.snapshot = { database: 'PGlite', result };
      await checkpoint(report, server, 'PGlite', 'after snapshot');
      next += SNAPSHOT_PLAYERS;
    }
    if (cfg.scenarios.has('quiet')) {
      console.info(`[PGlite] fanout, quiet: ${QUIET_WATCHERS.join(', ')} watchers, ${QUIET_RATE} paints/s`);
      // One painter socket with two RPCs in flight: paints arrive evenly, 100 ms apart.
      const quiet = await runFanout(server, {
        painters: players.slice(next, next + 1),
        inFlight: 2,
        watcherCounts: QUIET_WATCHERS,
        rate: QUIET_RATE,
        seconds: cfg.seconds,
        sampleEvery: 1,
        floor: false,
      });
      report.fanoutQuiet = { database: 'PGlite', result: quiet };
      await checkpoint(report, server, 'PGlite', 'after the quiet fanout');
    }
    if (cfg.scenarios.has('fanout')) {
      console.info(`[PGlite] fanout: ${FANOUT_WATCHERS.join(', then ')} watchers, ${FANOUT_RATE} paints/s`);
      const result = await runFanout(server, {
        painters: players.slice(next, next + FANOUT_PAINTERS),
        watcherCounts: FANOUT_WATCHERS,
        rate: FANOUT_RATE,
        seconds: cfg.seconds,
        sampleEvery: 10,
      });
      report.fanout = { database: 'PGlite', result };
      await checkpoint(report, server, 'PGlite', 'after fanout');
    }
  };

  try {
    if (embedded) {
      console.info('starting the server (PGlite)');
      const server = await start();
      try {
        await embeddedScenarios(server);
      } finally {
        await stop(server);
      }
    }

    if (cfg.scenarios.has('snapshot')) {
      console.info('encodeWebp micro-benchmark (in process, server stopped)');
      report.micro = await microEncode(5);
    }

    if (cfg.databaseUrl && (cfg.scenarios.has('http-paint') || cfg.scenarios.has('ws-paint'))) {
      try {
        await withPostgresDatabase(cfg.databaseUrl, async (url) => {
          console.info('starting the server (PostgreSQL)');
          const pgServer = await start(url);
          try {
            await checkpoint(report, pgServer, 'PostgreSQL', 'ready, before sign-ins');
            const count = playersNeeded(cfg.scenarios, false);
            const players = await signInPlayers(pgServer.baseUrl, count);
            await checkpoint(report, pgServer, 'PostgreSQL', `ready, ${count} players signed in`);
            await paintScenarios(pgServer, 'PostgreSQL', players, cfg, report);
          } finally {
            await stop(pgServer);
          }
        });
      } catch (err) {
        // The embedded figures are still worth writing down.
        console.error('PostgreSQL run failed:', err);
        report.notes.push(`The PostgreSQL run failed: ${(err as Error).message.split('\n')[0]}`);
      }
    }

    if (cfg.scenarios.has('cluster')) {
      console.info(`[cluster] ${CLUSTER_STEPS.join(', then ')} servers on PostgreSQL + Redis`);
      report.cluster = await runCluster({
        repoRoot: REPO_ROOT,
        steps: CLUSTER_STEPS,
        sockets: CLUSTER_SOCKETS,
        inFlight: 8,
        perSocketRate: SAFE_SOCKET_RATE,
        playersPerStep: CLUSTER_PLAYERS_PER_STEP,
        seconds: cfg.seconds,
        maxRequests: PAINT_REQUEST_CAP * 2,
        nodeArgs: cfg.nodeArgs,
        onServer: (s) => servers.add(s),
      });
    }
    if (cfg.scenarios.has('memory')) {
      const memory = async (database: string, databaseUrl?: string) => {
        console.info(
          `[${database}] memory: start, ${MEMORY_RESTARTS} restarts, sign-ins, idle sockets, paints`,
        );
        const run = await runMemory({
          repoRoot: REPO_ROOT,
          databaseUrl,
          restarts: MEMORY_RESTARTS,
          signIns: MEMORY_SIGN_INS,
          idleSockets: MEMORY_IDLE_SOCKETS,
          paint: { ...MEMORY_PAINT, seconds: cfg.seconds },
          nodeArgs: cfg.nodeArgs,
          onServer: (s) => servers.add(s),
        });
        for (const s of run.starts) console.info(`[${database}] ${describeStart(s)}`);
        report.memoryRuns.push(run);
      };
      await memory('PGlite');
      if (cfg.databaseUrl) {
        try {
          await withPostgresDatabase(cfg.databaseUrl, (url) => memory('PostgreSQL', url));
        } catch (err) {
          console.error('PostgreSQL memory run failed:', err);
          report.notes.push(`The PostgreSQL memory run failed: ${(err as Error).message.split('\n')[0]}`);
        }
      }
    }
  } finally {
    for (const s of servers) await s.stop();
  }

  report.settings = {
    ...BENCH_SERVER_ENV,
    COMMIT_WINDOW_MS: '4 (default)',
    TICK_MS: '100 (default)',
    SNAPSHOT_MAX_AGE_MS: '1000 (default)',
    TELEGRAM_BOT_TOKEN: 'a test token (players sign in with signed initData)',
    BENCH_SECONDS: String(cfg.seconds),
  };
  for (const m of report.wsPaint) {
    const ceiling = m.run.sockets * SAFE_SOCKET_RATE;
    if (m.run.paintsPerSecond >= 0.95 * ceiling) {
      report.notes.push(
        `ws-paint on ${m.database} with ${m.run.sockets} sockets reached its offered ceiling ` +
          `(${ceiling}/s): the per-socket message limit, not the server, bounded that run.`,
      );
    }
  }
  for (const m of [...report.httpPaint, ...report.wsPaint]) {
    const others = othersCpu(m.server, m.benchCpuPercent);
    if (others > 40) {
      report.notes.push(
        `Other processes (or kernel work) used ${Math.round(others)} % CPU during a ${m.database} paint run ` +
          `(${'concurrency' in m.run ? `http, ${m.run.concurrency} in flight` : `ws, ${m.run.sockets} sockets`}): ` +
          'its figures are lower than an idle machine would give.',
      );
    }
  }
  report.durationSeconds = (performance.now() - started) / 1000;
  // Sections kept by hand (other benchmarks' figures) follow a marker line and survive a rerun.
  const kept = await fs.readFile(cfg.out, 'utf8').then(
    (text) => (text.includes(HAND_KEPT_MARKER) ? text.slice(text.indexOf(HAND_KEPT_MARKER)) : ''),
    () => '',
  );
  await fs.writeFile(cfg.out, renderReport(report, SAFE_SOCKET_RATE) + (kept ? `\n${kept}` : ''));
  console.info(`wrote ${cfg.out} after ${report.durationSeconds.toFixed(0)} s`);
}

main().then(
  // Keep-alive sockets or a late timer must not keep a finished run alive.
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
