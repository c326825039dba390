/**
 * buildApp wires the modules by hand: config and infrastructure in, a Fastify app and a clean
 * shutdown out. Tests call it with an in-memory PGlite; main.ts calls it with the configured stores.
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { deflateRaw } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import {
  API_PREFIX,
  type ChargeRules,
  CloseCode,
  CurrencyId,
  type ErrorCode,
  TON_NETWORK,
} from '@pixel-wall/shared';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createCommitter } from './engine/committer.ts';
import { createMemoryEngine } from './engine/memory.ts';
import { createRedisEngine, engineKeys, isCanvasEmpty, markCanvasRestored } from './engine/redis.ts';
import type { Engine } from './engine/types.ts';
import { AppError, isNotConfigured } from './errors.ts';
import type { App } from './http.ts';
import { createToncenterJettonLedger, tonExplorer } from './integrations/market/jetton-ledger.ts';
import { createCoinGeckoProvider } from './integrations/market/market-data.ts';
import { createHighloadPayoutService } from './integrations/ton/batch-payout.ts';
import { createTonPayoutService } from './integrations/ton/payout.ts';
import { createLeaderElection } from './lib/leader.ts';
import { createLogThrottle } from './lib/log-throttle.ts';
import { createMetrics } from './lib/metrics.ts';
import { servicesOff } from './lib/optional-services.ts';
import { createPlayerCaches } from './lib/player-caches.ts';
import { createRedis, type Redis } from './lib/redis.ts';
import { serverSecret } from './lib/secrets.ts';
import { helmetOptions } from './lib/security-headers.ts';
import { createUploadBudget, createUploadGate } from './lib/upload-gate.ts';
import { createAuthenticator } from './modules/auth/authenticate.ts';
import { installAuthGuard, requireRole } from './modules/auth/guard.ts';
import { registerAuthRoutes } from './modules/auth/routes.ts';
import { createTokenService } from './modules/auth/tokens.ts';
import { createBotChat } from './modules/bot/chat.ts';
import { createBotSetup } from './modules/bot/setup.ts';
import { registerCanvasRoutes } from './modules/canvas/routes.ts';
import { createCanvasService } from './modules/canvas/service.ts';
import { createSnapshotCache, encodeWebp } from './modules/canvas/snapshot.ts';
import { registerHiddenRoutes } from './modules/hidden/routes.ts';
import { createHiddenGame } from './modules/hidden/service.ts';
import { createMarketService, registerMarketRoutes } from './modules/market/index.ts';
import { createRoles } from './modules/moderation/roles.ts';
import { registerNftRoutes } from './modules/nft/routes.ts';
import { createNftService } from './modules/nft/service.ts';
import { registerPixanosRoutes } from './modules/pixanos/routes.ts';
import { createPixanosService, pendingSnaps, withPendingSnaps } from './modules/pixanos/service.ts';
import { pixelOverwrites } from './modules/pixels/overwrites.ts';
import { createPlayers } from './modules/profiles/players.ts';
import { createPayoutJob } from './modules/rewards/payouts.ts';
import { createEconomy, registerRefundRoutes } from './modules/shop/index.ts';
import { registerStatsRoutes } from './modules/stats/routes.ts';
import { createStatsService } from './modules/stats/service.ts';
import { createTonModule, type TonConfig } from './modules/ton/index.ts';
import { registerTonConnectManifest, TONCONNECT_ICON_PATH } from './modules/ton/manifest.ts';
import { createTemplatesModule } from './modules/tournaments/index.ts';
import { registerUsersRoutes } from './modules/users/routes.ts';
import { createUsersService } from './modules/users/service.ts';
import { type Bus, createMemoryBus } from './realtime/bus.ts';
import { relayCommits } from './realtime/commits.ts';
import { createHub } from './realtime/hub.ts';
import { createOnlineCounter } from './realtime/online.ts';
import { createRedisBus } from './realtime/redis-bus.ts';
import { createTicker } from './realtime/ticker.ts';

export interface AppDeps {
  config: Config;
  db: Database;
  /** defaults to the memory engine */
  engine?: Engine;
  /** defaults to the in-process bus */
  bus?: Bus;
  /** pino logger options; false for none (tests) */
  logger?: boolean | object;
}

export interface BuiltApp {
  app: App;
  /** Stops taking work, drains in-flight requests and pending commits, closes sockets. */
  close(): Promise<void>;
  hubSeq(): number;
}

const deflateRawAsync = promisify(deflateRaw);
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
const CLIENT_FAULT_LOG_MS = 60_000;

export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const { config, db } = deps;
  const metrics = createMetrics(db);
  let ready = false;
  let shuttingDown = false;

  // Every per-player cache registers here; a change to a player is dropped on every instance.
  const caches = createPlayerCaches({ log: { warn: (obj, msg) => app.log.warn(obj, msg) } });
  const secret = await serverSecret(db, 'session', config.sessionSecret);
  const tokens = createTokenService({
    db,
    caches,
    secret,
    accessTtlSeconds: config.accessTokenTtlSeconds,
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
  });
  // Referral achievements belong to the players module, built later (it needs the bus).
  let onReferred: (referrerId: number) => Promise<void> = async () => {};
  const users = createUsersService({
    db,
    caches,
    adminIds: config.adminIds,
    startCharges: config.charges.start,
    earlyPlayers: config.earlyPlayers,
    onReferred: (id) => onReferred(id),
  });
  const chargeRules = { max: config.charges.start, speedMs: config.charges.rechargeMs };

  // Cluster mode when REDIS_URL is set: the engine and bus live in Redis, and one elected
  // instance (the leader) runs the ticker and the background jobs.
  const instanceId = `${os.hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  const redis: Redis | null =
    config.redisUrl && !deps.engine ? createRedis(config.redisUrl, { name: 'engine' }) : null;
  const prefix = config.redisPrefix;
  // Boost levels (bought with PX) raise a player's charge rules; the mining service that knows
  // them is built after the engine, so the engine asks through this late-bound reference.
  let boosts: {
    chargeRulesOf(id: number): ChargeRules;
    loadChargeRules(id: number): Promise<ChargeRules>;
    rulesPending(id: number): Promise<unknown> | null;
  } | null = null;
  const engineDeps = {
    rulesFor: (id: number) => boosts?.chargeRulesOf(id) ?? chargeRules,
    loadCharges: async (id: number) => {
      // Warm the player's levels before the engine first computes their charges.
      await boosts?.loadChargeRules(id).catch(() => undefined);
      return users.storedCharges(id);
    },
  };
  const engine = withKnownRules(
    deps.engine ??
      (redis ? createRedisEngine({ redis, prefix, ...engineDeps }) : createMemoryEngine(engineDeps)),
    (id) => boosts?.rulesPending(id) ?? null,
  );
  if (!deps.engine) {
    if (redis) await ensureRedisCanvas(db, engine, redis, prefix, instanceId);
    else await restoreCanvas(db, engine);
  }
  const bus =
    deps.bus ??
    (config.redisUrl && redis ? await createRedisBus({ url: config.redisUrl, prefix }) : createMemoryBus());
  const detachCaches = caches.attach(bus);

  const lateLogForPlayers = {
    warn: (obj: object, msg: string) => app.log.warn(obj, msg),
    error: (obj: object, msg: string) => app.log.error(obj, msg),
  };
  // One roles cache for the staff-route guard and the moderation service that changes roles.
  const roles = createRoles({ db, isAdmin: (id) => config.adminIds.has(id), caches });
  const players = await createPlayers({
    db,
    users,
    tokens,
    caches,
    roles,
    isAdmin: (id) => config.adminIds.has(id),
    redis,
    prefix,
    instanceId,
    log: lateLogForPlayers,
  });
  onReferred = (id) => players.onReferred(undefined, id);

  const committer = createCommitter({
    windowMs: config.commitWindowMs,
    overwrites: pixelOverwrites,
    transaction: (fn) => db.transaction(fn),
    onCommitted: (batch, ms) => {
      metrics.commit(batch.length, ms);
      players.onCommitted(batch);
    },
    onError: (err, attempt) => {
      metrics.commitError();
      app.log.error({ err, attempt }, 'group commit failed; retrying');
    },
  });

  // The app's logger exists only once Fastify does; modules built before it log through this.
  const lateLog = {
    info: (obj: object, msg: string) => app.log.info(obj, msg),
    warn: (obj: object, msg: string) => app.log.warn(obj, msg),
    error: (obj: object, msg: string) => app.log.error(obj, msg),
  };
  // The one publisher of pixel changes: every committed group, once, onto the bus.
  const commitRelay = relayCommits(committer, bus, lateLog);
  const economy = await createEconomy({
    db,
    engine,
    committer,
    bus,
    users,
    caches,
    log: lateLog,
    options: {
      botToken: config.telegram.botToken,
      telegramApiUrl: config.telegram.apiUrl,
      webhookSecret: config.telegram.webhookSecret,
      secretWord: config.economy.secretWord,
      paintRewardOneIn: config.economy.paintRewardOneIn,
      orderTtlMs: config.economy.orderTtlSeconds * 1000,
      mining: config.economy.mining,
    },
  });
  economy.mining.setBaseRules(chargeRules);
  boosts = economy.mining;
  const ton = createTonModule({ db, config: config.ton, shop: economy.orders, players: users, log: lateLog });
  const payouts = createPayoutJob({
    db,
    payout: await payoutServiceOf(config.ton),
    currencies: ton.orders.currencies,
    addressOf: (userId) => ton.wallets.addressOf(userId),
    intervalMs: config.ton.payout.intervalMs,
    testOnly: config.ton.network === TON_NETWORK.testnet,
    log: lateLog,
  });

  // The hidden-template game: the first round comes from a server secret at first start.
  const hidden = createHiddenGame({
    db,
    seed: await serverSecret(db, 'hidden-template', null),
    log: lateLog,
  });
  await hidden.start();
  const isAdminRole = async (id: number) => (await roles.roleOf(id)) === 'admin';
  const nft = createNftService({
    db,
    users,
    walletOf: (userId) => ton.wallets.addressOf(userId),
    isAdmin: isAdminRole,
    collection: config.nft.collection,
  });

  const canvas = createCanvasService({
    engine,
    committer,
    users,
    paintsPerSecond: config.rateLimits.paintsPerSecond,
    redis,
    prefix,
    paintReward: (userId, pixelId, now) => economy.rewards.paintReward(userId, pixelId, now),
    hiddenPaint: (userId, pixelId, color) => hidden.onPaint(userId, pixelId, color),
    metrics: metrics.paint,
  });

  const templates = createTemplatesModule({
    db,
    users,
    canvas: () => engine.canvas(),
    config,
    instanceId,
    redis,
    prefix,
    log: lateLog,
  });

  let hubSeq = () => 0;
  let hubSending = () => false;
  const snapshotSource = { seq: () => hubSeq(), canvas: () => engine.canvas() };
  const snapshots = {
    webp: createSnapshotCache({
      source: snapshotSource,
      encode: encodeWebp,
      maxAgeMs: config.snapshotMaxAgeMs,
      onEncoded: (s) => metrics.snapshot(s.encodeMs),
    }),
    raw: createSnapshotCache({
      source: snapshotSource,
      encode: (indices) => deflateRawAsync(indices),
      maxAgeMs: config.snapshotMaxAgeMs,
    }),
  };

  const ticker = createTicker({
    bus,
    active: redis === null,
    tickMs: config.tickMs,
    // A tick waits while this instance's hub still writes the previous frame.
    hold: () => hubSending(),
    log: { warn: (obj, msg) => app.log.warn(obj, msg) },
  });
  const hub = createHub({
    bus,
    startSeq: await bus.currentSeq(),
    metrics: metrics.hub,
    log: { warn: (obj, msg) => app.log.warn(obj, msg) },
    rpc: {
      repaint: (userId, pixelId, color) => canvas.repaint(userId, pixelId, color),
      canvas: async (minSeq) => {
        const s = await snapshots.webp.get(minSeq);
        return { seq: s.seq, image: s.body };
      },
    },
  });
  hubSeq = () => hub.seq;
  hubSending = () => hub.sending;

  // Pixanos' Snap (product 13), used through /items/use; every instance drops its snapshot copy.
  const pixanos = createPixanosService({
    db,
    engine,
    committer,
    bus,
    users,
    settleMs: Math.max(100, 2 * config.tickMs + config.commitWindowMs),
    log: lateLog,
  });
  economy.items.setSnapHandler((userId, color) => pixanos.use(userId, color));
  const unsubscribeSnaps = bus.subscribe({
    event: (event) => {
      if (event.kind !== 'snap') return;
      snapshots.webp.invalidate();
      snapshots.raw.invalidate();
    },
  });

  const botChat = createBotChat({
    botApi: economy.botApi,
    publicUrl: config.publicUrl,
    contactEmail: config.contactEmail,
    log: lateLog,
  });
  economy.setOtherUpdateHandler((body) => botChat.handleUpdate(body));
  // The bot's webhook, menu button and commands: set by the leader, in the background.
  const botSetup =
    config.telegram.botSetup && config.publicUrl && economy.botApi && economy.webhookSecret
      ? createBotSetup({
          db,
          botApi: economy.botApi,
          publicUrl: config.publicUrl,
          webhookSecret: economy.webhookSecret,
          log: lateLog,
        })
      : null;

  const leader = createLeaderElection({
    redis,
    key: `${prefix}leader`,
    instanceId,
    onChange: (isLeader) => {
      ticker.setActive(isLeader);
      if (isLeader) {
        ton.watcher?.start();
        payouts.start();
        templates.scorer.start();
        void botSetup?.start();
      } else {
        botSetup?.stop();
        void ton.watcher?.stop();
        void payouts.stop();
        void templates.scorer.stop();
      }
      metrics.leader(isLeader);
      app.log.info({ instanceId, isLeader }, isLeader ? 'leading the cluster jobs' : 'no longer leading');
    },
  });
  // While leading: when Redis comes back empty (restarted without persistence), rebuild it from SQL.
  const redisWatch = redis
    ? setInterval(() => {
        if (!leader.isLeader) return;
        void ensureRedisCanvas(db, engine, redis, prefix, instanceId).catch((err: unknown) =>
          app.log.error({ err }, 'rebuilding the canvas in Redis failed'),
        );
        void players
          .ensureLoaded()
          .catch((err: unknown) => app.log.error({ err }, 'rebuilding ratings failed'));
      }, 5_000)
    : null;
  redisWatch?.unref();
  const online = createOnlineCounter({ local: () => hub.online, redis, key: `${prefix}online`, instanceId });

  const market = createMarketService({
    provider: config.market.provider.tokenId
      ? createCoinGeckoProvider({
          baseUrl: config.market.provider.baseUrl,
          tokenId: config.market.provider.tokenId,
          apiKey: config.market.provider.apiKey,
          timeoutMs: config.market.provider.timeoutMs,
        })
      : null,
    ledger: createToncenterJettonLedger({
      baseUrl: config.ton.indexer.baseUrl,
      apiKey: config.ton.indexer.apiKey,
      timeoutMs: config.ton.indexer.timeoutMs,
    }),
    pxMaster: ton.orders.currencies.get(CurrencyId.PX)?.jettonMaster ?? null,
    pxDecimals: ton.orders.currencies.get(CurrencyId.PX)?.decimals ?? 9,
    wallets: config.market.wallets,
    explorer: tonExplorer(config.ton.network === TON_NETWORK.testnet),
    cacheMs: config.market.cacheMs,
    log: lateLog,
  });
  const stats = createStatsService({ db, seq: () => hub.seq, online: () => online.total() });

  const countryOf = (req: FastifyRequest): string | null => {
    const v = req.headers[config.countryHeader];
    const s = Array.isArray(v) ? v[0] : v;
    return s && /^[A-Za-z]{2}$/.test(s) && s.toUpperCase() !== 'XX' ? s.toUpperCase() : null;
  };
  const authenticator = createAuthenticator({
    tokens,
    users,
    botToken: config.telegram.botToken,
    initDataMaxAgeSeconds: config.telegram.initDataMaxAgeSeconds,
    countryOf,
  });
  // Every upload route authenticates before its body is read, within one byte budget.
  const uploadGate = createUploadGate({
    budget: createUploadBudget(config.uploadBudgetBytes),
    authenticate: (req) => authenticator.callerOf(req),
    requireRole,
  });

  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            ...(typeof deps.logger === 'object' ? deps.logger : {}),
          },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    // The router's own refusals (a bad % escape, an over-long path parameter) in the app's format.
    frameworkErrors: (err, req, reply) => {
      const { status, code, message } = describeError(err);
      void (reply as FastifyReply).code(status).send({ error: { code, message }, requestId: req.id });
    },
    bodyLimit: 16 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installAuthGuard(app, { callerOf: (req) => authenticator.callerOf(req), roleOf: roles.roleOf });

  // Error level (with the stack) is for our faults; what a client can cause again and again (a
  // feature this server has not configured, a bad websocket frame) goes to info, once per cause.
  const clientFaults = createLogThrottle({ intervalMs: CLIENT_FAULT_LOG_MS });
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const { status, code, message } = describeError(err);
    if (status >= 500 && !(err instanceof AppError)) req.log.error({ err }, 'request failed');
    // A service this deploy has not configured is expected to refuse; the start said so once.
    else if (status >= 500 && !isNotConfigured(err)) {
      const route = req.routeOptions.url ?? 'unmatched';
      const admitted = clientFaults.admit(`http:${code}:${route}`);
      if (admitted) req.log.info({ code, route, status, suppressed: admitted.suppressed }, message);
    }
    const body: Record<string, unknown> = { error: { code, message }, requestId: req.id };
    if (err instanceof AppError && err.details) (body.error as Record<string, unknown>).details = err.details;
    return reply.code(status).send(body);
  });

  await app.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimits.ipPerMinute,
    timeWindow: '1 minute',
    // Cluster mode: one count per IP for every instance (sign-in's stricter limit too).
    ...(redis ? { redis, nameSpace: `${prefix}rl:ip:` } : {}),
    allowList: (req) => req.url === '/healthz' || req.url === '/readyz' || req.url === '/metrics',
    errorResponseBuilder: (_req, ctx) =>
      new AppError('RATE_LIMITED', `Too many requests. Try again in ${Math.ceil(ctx.ttl / 1000)} s.`),
  });
  const webDist = config.webDist ?? DEFAULT_WEB_DIST;
  const indexHtml = fs.existsSync(`${webDist}/index.html`)
    ? fs.readFileSync(`${webDist}/index.html`, 'utf8')
    : null;
  await app.register(fastifyHelmet, helmetOptions({ publicUrl: config.publicUrl, indexHtml }));
  await app.register(fastifyWebsocket, {
    options: { maxPayload: 1024 },
    errorHandler: (err, socket, req) => {
      socket.terminate();
      // ws's protocol errors (an oversize or malformed frame) and dropped connections are the
      // client's; anything else is ours.
      const code = (err as NodeJS.ErrnoException).code ?? '';
      if (!/^(WS_ERR_|ECONNRESET$|EPIPE$)/.test(code)) {
        req.log.error({ err }, 'websocket handler failed');
        return;
      }
      const admitted = clientFaults.admit(`ws:${code}`);
      if (admitted)
        req.log.debug({ code, suppressed: admitted.suppressed }, `websocket closed: ${err.message}`);
    },
  });
  // JSON lists (shop, ratings, histories) gzip to a fraction on a phone's network. Small replies,
  // such as a paint's, stay as they are; the web build is served precompressed by @fastify/static.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });

  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('X-Request-Id', req.id);
    return payload;
  });

  app.addHook('onResponse', async (req, reply) => {
    metrics.http(req.method, req.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });

  // ---------- operations ----------
  app.get('/healthz', { config: { auth: 'none' } }, async () => ({ ok: true }));
  app.get('/readyz', { config: { auth: 'none' } }, async (_req, reply) => {
    const checks: Record<string, boolean> = { started: ready && !shuttingDown, commits: committer.healthy };
    try {
      await db.ping();
      checks.database = true;
    } catch {
      checks.database = false;
    }
    if (redis)
      checks.redis = await redis.ping().then(
        () => true,
        () => false,
      );
    const ok = Object.values(checks).every(Boolean);
    return reply.code(ok ? 200 : 503).send({ ok, checks });
  });
  const metricsAuthorized = bearerCheck(config.metricsToken);
  app.get('/metrics', { config: { auth: 'none' } }, async (req, reply) => {
    if (!metricsAuthorized(req.headers.authorization)) {
      reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new AppError('UNAUTHORIZED', 'Send Authorization: Bearer <METRICS_TOKEN> to read the metrics.');
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });

  // ---------- game ----------
  registerAuthRoutes(app, {
    tokens,
    users,
    authenticator,
    botToken: config.telegram.botToken,
    botUsername: config.telegram.botUsername,
    devSignIn: config.devSignIn,
    appUrl: config.publicUrl,
    contactEmail: config.contactEmail,
    loginMaxAgeSeconds: config.telegram.initDataMaxAgeSeconds,
    signInPerMinute: config.rateLimits.signInPerMinute,
    countryOf,
  });
  registerUsersRoutes(app, {
    users,
    tokens,
    engine: {
      charges: async (userId, now) => {
        await economy.mining.loadChargeRules(userId);
        return engine.charges(userId, now);
      },
    },
    miningStatus: (userId, now) => economy.mining.miningStatus(userId, now),
    walletAddressOf: async (userId) => (await ton.wallets.walletAddress(userId)).wallet_address,
    countryOf,
  });
  registerCanvasRoutes(app, {
    canvas,
    snapshot: (format, minSeq) => snapshots[format].get(minSeq),
    historyStats: () => stats.history(),
  });
  registerStatsRoutes(app, stats);
  registerMarketRoutes(app, market);
  economy.register(app);
  ton.register(app);
  registerTonConnectManifest(app, { publicUrl: config.publicUrl });
  payouts.register(app);
  players.register(app);
  registerHiddenRoutes(app, hidden, { uploadGate });
  registerRefundRoutes(app, economy.refunds);
  registerNftRoutes(app, nft, { publicUrl: config.publicUrl, uploadGate });
  registerPixanosRoutes(app, pixanos);
  await templates.register(app, uploadGate);

  app.route({
    method: 'GET',
    url: '/ws',
    config: { auth: 'none' },
    // A plain GET (no Upgrade: websocket) gets the app's error format, not an empty 404.
    handler: async (req, reply) =>
      reply
        .code(426)
        .header('Upgrade', 'websocket')
        .send({
          error: { code: 'BAD_REQUEST', message: 'This address takes websocket connections only.' },
          requestId: req.id,
        }),
    wsHandler: async (socket, req) => {
      const token = (req.query as Record<string, unknown>).token;
      if (typeof token !== 'string' || token === '') {
        hub.attach(socket, { userId: null });
        return;
      }
      const userId = token.length < 1024 ? tokens.verifyWebsocketToken(token) : null;
      if (userId === null) {
        socket.close(CloseCode.Unauthorized, 'invalid token');
        return;
      }
      const profile = await users.profile(userId);
      if (!profile || profile.banned) {
        socket.close(
          profile ? CloseCode.Banned : CloseCode.Unauthorized,
          profile ? 'banned' : 'unknown player',
        );
        return;
      }
      hub.attach(socket, { userId });
    },
  });

  // ---------- the web app ----------
  const hasWeb = indexHtml !== null;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // Served by the server from PUBLIC_URL; an older build's static copy must not clash with it.
      globIgnore: ['tonconnect-manifest.json'],
      // the web build writes .br and .gz beside each text file
      preCompressed: true,
      setHeaders: (res, file) => {
        // Wallets show the TON Connect icon on their own pages.
        if (file.endsWith(TONCONNECT_ICON_PATH)) {
          res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
          res.setHeader('Access-Control-Allow-Origin', '*');
        }
        res.setHeader(
          'Cache-Control',
          file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (req, reply) => {
    const isApi = req.url.startsWith(`${API_PREFIX}/`) || req.url === API_PREFIX;
    if (req.method === 'GET' && !isApi && !req.url.startsWith('/ws')) {
      if (hasWeb) return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile('index.html');
      return reply
        .type('text/html')
        .send(
          '<!doctype html><title>Pixel Wall</title><p>The web app is not built. Run <code>npm run build</code>.</p>',
        );
    }
    throw new AppError('NOT_FOUND', `No route ${req.method} ${clip(req.url.split('?')[0] ?? '')}.`);
  });

  await app.ready();
  for (const { service, variable } of servicesOff(config)) {
    app.log.info({ service, enableWith: variable }, `${service}: off (set ${variable} to turn it on)`);
  }
  await leader.start();
  metrics.leader(leader.isLeader);
  ready = true;
  void pixanos.catchUp().catch((err: unknown) => app.log.error({ err }, 'snap pixels not written yet'));

  let closing: Promise<void> | null = null;
  return {
    app,
    hubSeq: () => hub.seq,
    close() {
      closing ??= (async () => {
        shuttingDown = true;
        // Fastify stops accepting, answers 503 to new requests and waits for in-flight ones;
        // the paints among them commit, then their last batch goes out before sockets close.
        const closingHttp = app.close();
        await pixanos.close();
        await committer.close();
        await commitRelay.close();
        await players.close();
        await ticker.close();
        await hub.close();
        await closingHttp;
        if (redisWatch) clearInterval(redisWatch);
        detachCaches();
        unsubscribeSnaps();
        await leader.stop();
        botSetup?.stop();
        await ton.watcher?.stop();
        await payouts.stop();
        hidden.stop();
        await templates.scorer.stop();
        await online.close();
        await engine.close();
        await bus.close();
        await redis?.quit().catch(() => undefined);
      })();
      return closing;
    },
  };
}

/** The payout wallet the config selects: none without a mnemonic; highload v3 (batches) or v4R2. */
async function payoutServiceOf(ton: TonConfig) {
  const { payout, indexer } = ton;
  if (!payout.mnemonic) return null;
  const api = { baseUrl: indexer.baseUrl, apiKey: indexer.apiKey, timeoutMs: indexer.timeoutMs };
  if (payout.wallet === 'v4r2') return createTonPayoutService({ mnemonic: payout.mnemonic, ...api });
  return createHighloadPayoutService({
    mnemonic: payout.mnemonic,
    subwalletId: payout.subwalletId,
    timeout: payout.timeoutSeconds,
    maxMessages: payout.batchSize,
    ...api,
  });
}

/**
 * The engine reads a player's charge rules synchronously. Before it paints for a player or counts
 * their charges, the rules must be known: after a forget (a boost bought on any instance) the base
 * rules would otherwise stand in for the bought ones until the levels reload.
 */
function withKnownRules(engine: Engine, pending: (userId: number) => Promise<unknown> | null): Engine {
  const known = async (userId: number) => {
    await pending(userId)?.catch(() => undefined);
  };
  return {
    ...engine,
    async paint(req) {
      if (pending(req.userId)) await known(req.userId);
      return engine.paint(req);
    },
    async charges(userId, now) {
      if (pending(userId)) await known(userId);
      return engine.charges(userId, now);
    },
  };
}

async function restoreCanvas(db: Database, engine: Engine): Promise<void> {
  const rows = await db.query<{ id: number; color: number; user_id: number; ms: number }>(
    'SELECT id, color, user_id, (extract(epoch from painted_at) * 1000)::float8 AS ms FROM pixels',
  );
  const stored = rows.map((r) => ({ id: r.id, color: r.color, userId: r.user_id, paintedAt: r.ms }));
  // Snaps whose pixels have not all reached the pixels table are replayed over it.
  await engine.restorePixels(withPendingSnaps(stored, await pendingSnaps(db)));
}

/**
 * Makes sure Redis holds the canvas: when it is new or lost its data, one instance rebuilds it
 * from SQL under a lock while the others wait for the ready marker.
 */
async function ensureRedisCanvas(
  db: Database,
  engine: Engine,
  redis: Redis,
  prefix: string,
  instanceId: string,
) {
  // While the lock is held, paints mark the pixels they touch and the restore keeps those: it
  // reads SQL after taking the lock, so a marked pixel is newer than its row.
  const { restoring: lock, touched } = engineKeys(prefix);
  for (let waited = 0; await isCanvasEmpty(redis, prefix); waited += 250) {
    if (await redis.set(lock, instanceId, 'PX', 120_000, 'NX')) {
      try {
        if (await isCanvasEmpty(redis, prefix)) {
          await restoreCanvas(db, engine);
          await markCanvasRestored(redis, prefix);
        }
      } finally {
        await redis.del(lock, touched);
      }
      return;
    }
    if (waited > 180_000) throw new Error('timed out waiting for another instance to restore the canvas');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Whether an Authorization header carries `Bearer <token>`; always true when no token is set.
 * Both sides are hashed first, so the comparison takes the same time whatever the header's length.
 */
export function bearerCheck(token: string | null): (header: string | undefined) => boolean {
  if (token === null) return () => true;
  const digest = (v: string) => createHash('sha256').update(v, 'utf8').digest();
  const expected = digest(token);
  return (header) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
    return timingSafeEqual(digest(match?.[1] ?? ''), expected) && match !== null;
  };
}

/** At most 160 characters of a validation message, which may quote what the client sent. */
function clipLong(s: string): string {
  return s.length > 160 ? `${s.slice(0, 157)}...` : s;
}

/** At most 64 characters of something the client sent, for an error message. */
function clip(s: string): string {
  return s.length > 64 ? `${s.slice(0, 61)}...` : s;
}

function describeError(err: FastifyError): { status: number; code: ErrorCode; message: string } {
  if (err instanceof AppError) return { status: err.status, code: err.code, message: err.message };
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0];
    const where = `${err.validationContext ?? 'request'}${first?.instancePath ? first.instancePath.replaceAll('/', '.') : ''}`;
    return {
      status: 400,
      code: 'BAD_REQUEST',
      // The message may quote the request (an unknown key): never at length.
      message: `Invalid ${where}: ${clipLong(first?.message ?? 'bad value')}`,
    };
  }
  switch (err.code) {
    case 'FST_ERR_BAD_URL':
      return { status: 400, code: 'BAD_REQUEST', message: 'The URL is malformed (a bad % escape).' };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, code: 'BAD_REQUEST', message: 'A part of the URL is too long.' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the body as application/json.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, code: 'BAD_REQUEST', message: 'The JSON body is empty.' };
  }
  if (err instanceof SyntaxError || err.statusCode === 400) {
    return { status: 400, code: 'BAD_REQUEST', message: 'The request is malformed.' };
  }
  if (err.statusCode === 429) return { status: 429, code: 'RATE_LIMITED', message: 'Too many requests.' };
  // Other client errors of the framework: their messages may quote the request, so not echoed.
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return { status: err.statusCode, code: 'BAD_REQUEST', message: 'The request was refused.' };
  }
  return { status: 500, code: 'INTERNAL', message: 'Something went wrong on our side.' };
}
