/**
 * The attack, bounded: starts the real server (embedded, and two instances on PostgreSQL + Redis
 * when they answer) beside the fake Bot API, runs every probe against them over loopback, and
 * stops everything. `quick` is the size the test suite runs; `full` is `npm run attack`.
 */
import { randomBytes } from 'node:crypto';
import { createTestStore, startApp, testConfig } from '../../../apps/server/src/testing/harness.ts';
import { startFakeBotApi } from '../fakes/telegram-bot-api.ts';
import { clusterServicesAvailable, createClusterBackends, startCluster } from '../lib/cluster.ts';
import { signInPlayer, TOOLS_BOT_TOKEN } from '../lib/players.ts';
import { type ServerProcess, startServer } from '../lib/server-process.ts';
import {
  demotionAcrossInstances,
  fuzzFrames,
  fuzzRoutes,
  type ProbeResult,
  paintRateLimit,
  paymentReplays,
  type Route,
  racingPaints,
  signInForgeries,
  slowClients,
  uploadBomb,
} from './probes.ts';
import { backupAndRestore } from './probes-backup.ts';
import { devSignInHosts, slowUploads, webhookBomb } from './probes-edge.ts';
import { dataDirModes } from './probes-files.ts';
import { giftRefund, snapInLockedColour } from './probes-money.ts';

export type Scale = 'quick' | 'full';

/** UPLOAD_RATE_WINDOW_MS of the attacked server: trickles are cut off within a few of these. */
const SLOW_UPLOAD_WINDOW_MS = 1_000;

export interface AttackOptions {
  scale: Scale;
  /** run the two-instance probes (skipped, with a note, when PostgreSQL or Redis is missing) */
  cluster: boolean;
  log?: (line: string) => void;
}

export interface AttackReport {
  scale: Scale;
  date: Date;
  seconds: number;
  results: ProbeResult[];
  notes: string[];
}

const SIZES = {
  quick: {
    randomPerRoute: 2,
    bodies: 'small' as const,
    frameSockets: 12,
    framesEach: 30,
    replays: 100,
    uploads: 60,
    uploadBytes: 4 * 1024 * 1024,
    uploadMaxGrowth: 96 * 1024 * 1024,
    slow: 100,
    slowSeconds: 3,
    racingPlayers: 3,
    webhookPosts: 40,
    slowUploadPlayers: 1,
    backupPixels: 20_000,
  },
  full: {
    randomPerRoute: 30,
    bodies: 'all' as const,
    frameSockets: 200,
    framesEach: 200,
    replays: 1_000,
    uploads: 300,
    uploadBytes: 4 * 1024 * 1024,
    uploadMaxGrowth: 256 * 1024 * 1024,
    slow: 500,
    slowSeconds: 10,
    racingPlayers: 20,
    webhookPosts: 300,
    slowUploadPlayers: 2,
    backupPixels: 500_000,
  },
};

/** Every route the server registers, read from an in-process instance of the same app. */
export async function listRoutes(): Promise<Route[]> {
  const store = await createTestStore('pglite');
  const app = await startApp(store, testConfig());
  try {
    return parseRouteTree(app.built.app.printRoutes({ commonPrefix: false }));
  } finally {
    await app.stop();
    await store.dispose();
  }
}

/** Parses Fastify's `printRoutes({ commonPrefix: false })` tree into method + full path pairs. */
export function parseRouteTree(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = path;
    for (const method of (m[3] ?? '').split(',').map((s) => s.trim())) {
      if (method && method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url: path });
    }
  }
  return routes;
}

export async function runAttack(opts: AttackOptions): Promise<AttackReport> {
  const log = opts.log ?? (() => {});
  const size = SIZES[opts.scale];
  const started = performance.now();
  const report: AttackReport = { scale: opts.scale, date: new Date(), seconds: 0, results: [], notes: [] };
  const run = async (p: Promise<ProbeResult>) => {
    const r = await p;
    log(`${r.name}: ${r.findings.length === 0 ? 'held' : `${r.findings.length} finding(s)`}`);
    report.results.push(r);
  };

  log('listing routes');
  const routes = await listRoutes();
  const secret = randomBytes(16).toString('hex');
  const fake = await startFakeBotApi({ secretToken: secret });
  let server: ServerProcess | null = null;
  try {
    log('starting the embedded server');
    server = await startServer({
      env: {
        TELEGRAM_BOT_TOKEN: TOOLS_BOT_TOKEN,
        TELEGRAM_API_URL: fake.url,
        TELEGRAM_WEBHOOK_SECRET: secret,
        TELEGRAM_BOT_SETUP: 'off',
        START_CHARGES: '5',
        RECHARGE_SECONDS: '3600',
        // One attacker address stands for many: the per-IP limit would hide what lies behind it.
        RATE_LIMIT_IP_PER_MINUTE: '10000000',
        RATE_LIMIT_SIGNIN_PER_MINUTE: '1000000',
        // The admin who refunds a payment another Telegram user made (giftRefund).
        ADMIN_IDS: '8004900',
        // The per-player upload limit would hide the budget's share behind a 429.
        TEMPLATE_UPLOADS_PER_HOUR: '1000000',
        // Trickling uploads are cut off within a second or two rather than the default's tens.
        UPLOAD_RATE_WINDOW_MS: String(SLOW_UPLOAD_WINDOW_MS),
      },
    });
    fake.webhook.url = `${server.url}/api/v1/telegram/webhook`;
    await run(signInForgeries(server, 8_000_001));
    await run(
      racingPaints([server], { firstId: 8_001_000, players: size.racingPlayers, charges: 5, racing: 20 }),
    );
    const fuzzer = await signInPlayer(server.url, 8_002_000);
    await run(
      fuzzRoutes(server, routes, { player: fuzzer, randomPerRoute: size.randomPerRoute, size: size.bodies }),
    );
    await run(
      fuzzFrames(server, { sockets: size.frameSockets, framesEach: size.framesEach, player: fuzzer }),
    );
    await run(
      paymentReplays(
        server,
        { pay: (l, o) => fake.pay(l, o), sendUpdate: (u) => fake.sendUpdate(u) },
        { playerId: 8_003_000, replays: size.replays },
      ),
    );
    await run(giftRefund(server, fake, { adminId: 8_004_900, playerId: 8_004_001, payerId: 8_004_002 }));
    await run(snapInLockedColour(server, { playerId: 8_004_003 }));
    await run(
      uploadBomb(server, {
        count: size.uploads,
        bytes: size.uploadBytes,
        maxGrowthBytes: size.uploadMaxGrowth,
        maxP99Ms: 1_000,
      }),
    );
    await run(slowClients(server, { count: size.slow, seconds: size.slowSeconds, maxP99Ms: 1_000 }));
    await run(
      webhookBomb(server, {
        count: size.webhookPosts,
        bytes: 1024 * 1024,
        maxGrowthBytes: size.uploadMaxGrowth,
        maxP99Ms: 1_000,
      }),
    );
    await run(
      slowUploads(server, {
        firstId: 8_201_000,
        players: size.slowUploadPlayers,
        uploadsEach: 6,
        bytes: 4 * 1024 * 1024,
        budgetBytes: 64 * 1024 * 1024,
        windowMs: SLOW_UPLOAD_WINDOW_MS,
      }),
    );
    // Last, when the probes above have made the server write all it writes (WAL, uploads).
    await run(dataDirModes(server));
  } finally {
    await server?.stop();
    await fake.close();
  }

  log(`backing up and restoring an embedded wall of ${size.backupPixels} pixels`);
  await run(
    backupAndRestore({
      pixels: size.backupPixels,
      // a loaded 2-core machine; before, /readyz waited for the whole dump (minutes at full size)
      maxReadyMs: 10_000,
      env: { TELEGRAM_BOT_TOKEN: TOOLS_BOT_TOKEN, TELEGRAM_BOT_SETUP: 'off' },
    }),
  );

  // Dev sign-in exists only on a server without a bot token: one in this process.
  {
    log('starting an embedded server with dev sign-in');
    const store = await createTestStore('pglite');
    const dev = await startApp(store, testConfig({ TELEGRAM_BOT_TOKEN: '' }));
    try {
      await run(devSignInHosts(dev.baseUrl));
    } finally {
      await dev.stop();
      await store.dispose();
    }
  }

  if (opts.cluster && (await clusterServicesAvailable())) {
    const backends = await createClusterBackends();
    try {
      log('starting two instances on PostgreSQL + Redis (5 charges each player)');
      let pair = await startCluster(backends, 2, {
        START_CHARGES: '5',
        RECHARGE_SECONDS: '3600',
        RATE_LIMIT_PAINTS_PER_SECOND: '20',
        ADMIN_IDS: '8100900',
        TELEGRAM_BOT_SETUP: 'off',
      });
      try {
        await run(
          racingPaints(pair, { firstId: 8_101_000, players: size.racingPlayers, charges: 5, racing: 20 }),
        );
        await run(
          demotionAcrossInstances(pair, { adminId: 8_100_900, moderatorId: 8_100_901, targetId: 8_100_902 }),
        );
      } finally {
        await Promise.all(pair.map((s) => s.stop()));
      }
      log('starting two instances with 1,000 charges each player, 20 paints/s');
      pair = await startCluster(backends, 2, {
        START_CHARGES: '1000',
        RATE_LIMIT_PAINTS_PER_SECOND: '20',
        TELEGRAM_BOT_SETUP: 'off',
      });
      try {
        await run(paintRateLimit(pair.slice(0, 1), { playerId: 8_102_001, burst: 120, perSecond: 20 }));
        await run(paintRateLimit(pair, { playerId: 8_102_002, burst: 120, perSecond: 20 }));
      } finally {
        await Promise.all(pair.map((s) => s.stop()));
      }
    } finally {
      await backends.dispose();
    }
  } else if (opts.cluster) {
    report.notes.push('PostgreSQL or Redis did not answer: the two-instance probes did not run.');
  }
  report.seconds = (performance.now() - started) / 1000;
  return report;
}

export function formatReport(r: AttackReport, command: string): string {
  const findings = r.results.reduce((n, p) => n + p.findings.length, 0);
  const out = [
    '# Attack',
    '',
    `\`${command}\` on ${r.date.toISOString().slice(0, 10)}, ${r.scale} size, ${Math.round(r.seconds)} s, ` +
      `${r.results.length} probes, ${findings} finding${findings === 1 ? '' : 's'}. Loopback only; ` +
      'every probe is bounded in requests and time (tools/src/attack). A finding is a broken promise: ' +
      'a forged sign-in that worked, a paint beyond the charges or the limit, a 5xx or a reply outside ' +
      'the error format, a double fulfilment, memory or latency blown up by junk, a webhook post read ' +
      'without its secret, a trickling upload that keeps its share of the byte budget, a dev sign-in ' +
      'answered to another host name.',
    '',
  ];
  for (const p of r.results) {
    out.push(`## ${p.name}: ${p.findings.length === 0 ? 'held' : `${p.findings.length} finding(s)`}`, '');
    out.push('| measure | value |', '|---|---|');
    for (const [k, v] of Object.entries(p.figures))
      out.push(`| ${k} | ${String(v).replaceAll('|', '\\|')} |`);
    out.push('');
    for (const f of p.findings) out.push(`- ${f}`);
    if (p.findings.length > 0) out.push('');
  }
  for (const n of r.notes) out.push(`Note: ${n}`, '');
  return out.join('\n');
}
