/**
 * The composition root: the infrastructure (metrics, Redis, Fastify, engine, bus, group commit,
 * hub), then each module in dependency order from what the ones before it hand over, and the one
 * ordered list of modules run through their phases (app/lifecycle.ts). Tests call it with an
 * in-memory PGlite; main.ts with the configured stores.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { createEngineModule, createWallEngine } from './app/engine.ts';
import { createFastify } from './app/fastify.ts';
import { type CloseOptions, createLifecycle } from './app/lifecycle.ts';
import { createSignal, type ServerModule } from './app/module.ts';
import { createOpenApiModule } from './app/openapi.ts';
import { createOpsModule } from './app/ops-routes.ts';
import { createWebModule, readWebBuild } from './app/static.ts';
import { createWsModule } from './app/ws-route.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createDbMaintenanceModule } from './db/maintenance.ts';
import { createCommitter } from './engine/committer.ts';
import type { Engine } from './engine/types.ts';
import type { App } from './http.ts';
import { createMetrics } from './lib/metrics.ts';
import { createPlayerCaches } from './lib/player-caches.ts';
import { createRedis, type Redis } from './lib/redis.ts';
import { serverSecret } from './lib/secrets.ts';
import { createAuthModule } from './modules/auth/module.ts';
import { createBotModule } from './modules/bot/module.ts';
import { createCanvasModule } from './modules/canvas/module.ts';
import { createHiddenModule } from './modules/hidden/module.ts';
import { createHistoryModule, paintLogWriter } from './modules/history/module.ts';
import { createItemsModule } from './modules/items/module.ts';
import { createMarketModule } from './modules/market/module.ts';
import { createMiningModule } from './modules/mining/module.ts';
import { createModerationModule } from './modules/moderation/module.ts';
import { createNftModule } from './modules/nft/module.ts';
import { createPixanosModule } from './modules/pixanos/module.ts';
import { createPixelsModule } from './modules/pixels/module.ts';
import { pixelOverwrites } from './modules/pixels/overwrites.ts';
import { createProfilesModule } from './modules/profiles/module.ts';
import { createRatingsModule } from './modules/ratings/module.ts';
import { createPayoutsModule, createRewardsModule } from './modules/rewards/module.ts';
import { createShopModule } from './modules/shop/module.ts';
import { createSquadsModule } from './modules/squads/module.ts';
import { createStatsModule } from './modules/stats/module.ts';
import { createTemplatesModule } from './modules/templates/module.ts';
import { createTonModule } from './modules/ton/module.ts';
import { createTournamentsModule } from './modules/tournaments/module.ts';
import { createUsersModule } from './modules/users/module.ts';
import { createWalletModule } from './modules/wallet/module.ts';
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
  /**
   * Stops taking work (after `drainMs` of answering /readyz with 503 while still serving), drains
   * in-flight requests and pending commits, closes sockets.
   */
  close(opts?: CloseOptions): Promise<void>;
  hubSeq(): number;
}

export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const { config, db } = deps;
  const { redisPrefix: prefix } = config;
  const metrics = createMetrics(db);
  // Cluster mode when REDIS_URL is set: the engine and bus live in Redis, and one elected
  // instance (the leader) runs the ticker and the background jobs.
  const instanceId = `${os.hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  const redis: Redis | null =
    config.redisUrl && !deps.engine ? createRedis(config.redisUrl, { name: 'engine' }) : null;
  const web = readWebBuild(config);
  const app = await createFastify({ config, logger: deps.logger, redis, metrics, indexHtml: web.indexHtml });
  const log = app.log;
  const lifecycle = createLifecycle({ app, redis, prefix, instanceId, metrics });

  // Every per-player cache registers here; a change to a player is dropped on every instance.
  const caches = createPlayerCaches({ log });
  const referrals = createSignal<number>();
  const auth = await createAuthModule({ config, db, caches, referrals });
  const { users, tokens, uploadGate } = auth;
  // Boost levels (bought with PX) raise a player's charge rules: the engine reads them from mining.
  const mining = createMiningModule({
    db,
    users,
    caches,
    mining: config.economy.mining,
    secretWord: config.economy.secretWord,
    redis,
    prefix,
    baseRules: { max: config.charges.start, speedMs: config.charges.rechargeMs },
  });
  const rules = mining.mining;
  const engine = await createWallEngine({ config, db, given: deps.engine, redis, instanceId, rules, users });
  // The wall's id, made once and kept in its database: its bus refuses channels another wall uses.
  const bus =
    deps.bus ??
    (config.redisUrl && redis
      ? await createRedisBus({ url: config.redisUrl, prefix, wall: await serverSecret(db, 'wall-id', null) })
      : createMemoryBus());
  const detachCaches = caches.attach(bus);

  const ratings = await createRatingsModule({ db, users, redis, prefix, instanceId, log });
  const committer = createCommitter({
    windowMs: config.commitWindowMs,
    // No group for five windows (20 ms by default): paints come fewer than ~50 a second, the next
    // one is unlikely within the window, and a paint is written (and then shown) at once.
    quietMs: 5 * config.commitWindowMs,
    overwrites: pixelOverwrites,
    // Every committed change into the paint log, in the same transaction (modules/history).
    paintLog: paintLogWriter,
    transaction: (fn) => db.transaction(fn),
    ...(db.writeTransaction && { writeTransaction: db.writeTransaction }),
    onCommitted: (batch, ms) => {
      metrics.commit(batch.length, ms);
      ratings.onCommitted(batch);
    },
    onError: (err, attempt) => {
      metrics.commitError();
      log.error({ err, attempt }, 'group commit failed; retrying');
    },
  });
  // The one publisher of pixel changes: every committed group, once, onto the bus.
  const commitRelay = relayCommits(committer, bus, log);

  const { isAdmin, roles } = auth;
  const squads = createSquadsModule({ db, ratings: ratings.ratings, users, caches, log });
  const moderation = createModerationModule({ db, tokens, caches, store: ratings.store, isAdmin, roles });
  const profiles = createProfilesModule({ db, ratings: ratings.ratings, users, referrals });
  const pixels = createPixelsModule({ db });
  const history = createHistoryModule({ db, users, engine, committer, history: config.history, log });
  const bot = createBotModule({ db, config, log });
  const shop = createShopModule({
    db,
    bus,
    users,
    botApi: bot.botApi,
    webhookSecret: bot.webhookSecret,
    otherUpdate: bot.handleUpdate,
    uploadLimits: auth.uploadLimits,
    orderTtlMs: config.economy.orderTtlSeconds * 1000,
    promotions: config.shop.promotions,
    log,
    caches,
  });
  const rewards = await createRewardsModule({ db, users, paintRewardOneIn: config.economy.paintRewardOneIn });
  // Pixanos' Snap (product 13), used through /items/use.
  const settleMs = Math.max(100, 2 * config.tickMs + config.commitWindowMs);
  const pixanos = createPixanosModule({ db, engine, committer, bus, users, settleMs, log });
  const items = createItemsModule({
    db,
    engine,
    committer,
    bus,
    users,
    log,
    caches,
    snap: pixanos.pixanos.use,
    promotions: config.shop.promotions,
  });
  const wallet = createWalletModule({ db, config: config.ton, players: users, publicUrl: config.publicUrl });
  const { wallets } = wallet;
  const ton = createTonModule({ db, config: config.ton, shop: shop.orders, wallets, players: users, log });
  const payouts = await createPayoutsModule({ db, ton: config.ton, orders: ton.orders, wallets, log });
  const hidden = await createHiddenModule({ db, uploadGate, log });
  const nft = createNftModule({ db, config, users, wallets, isAdmin: auth.isAdminRole, uploadGate, log });
  const templates = createTemplatesModule({ db, users, config, uploadGate, redis, prefix });
  const tournaments = createTournamentsModule({
    db,
    config,
    templates: templates.templates,
    canvas: () => engine.canvas(),
    uploadGate,
    instanceId,
    log,
  });
  const market = createMarketModule({ config, currencies: ton.orders.currencies, log });

  // The hub answers the websocket's calls with the canvas module's, built just below: its
  // snapshots carry the hub's sequence. It calls them only for a socket, once the app runs.
  const hub = createHub({
    bus,
    startSeq: await bus.currentSeq(),
    metrics: metrics.hub,
    log,
    rpc: {
      repaint: (userId, pixelId, color) => canvas.rpc.repaint(userId, pixelId, color),
      canvas: (minSeq) => canvas.rpc.canvas(minSeq),
    },
  });
  // A tick waits while this instance's hub has a frame behind the one it is writing; frames that
  // take long to write (many sockets) are spaced further apart than TICK_MS.
  const ticker = createTicker({
    bus,
    active: redis === null,
    tickMs: config.tickMs,
    hold: () => hub.backlog > 1,
    writeMs: () => hub.writeMs,
    log,
  });
  const online = createOnlineCounter({ local: () => hub.online, redis, key: `${prefix}online`, instanceId });
  const stats = createStatsModule({ db, seq: () => hub.seq, online: () => online.total() });
  const canvas = createCanvasModule({
    config,
    engine,
    committer,
    bus,
    users,
    redis,
    metrics,
    seq: () => hub.seq,
    colours: items.colours,
    paintReward: (userId, pixelId, now) => rewards.rewards.paintReward(userId, pixelId, now),
    hiddenPaint: (userId, pixelId, color) => hidden.hidden.onPaint(userId, pixelId, color),
    historyStats: () => stats.stats.history(),
  });

  // The one list: routes register in this order, modules start and lead in it, drain in it while
  // HTTP drains, and stop in reverse once every request has ended.
  const modules: ServerModule[] = [
    {
      name: 'infrastructure',
      async stop() {
        detachCaches();
        await bus.close();
        await redis?.quit().catch(() => undefined);
      },
    },
    createEngineModule({ db, engine, redis, prefix, instanceId, log }),
    auth, // first to register: its guard sees every route after it
    createOpsModule({ config, db, redis, metrics, lifecycle, committer, log }),
    createOpenApiModule({ publicUrl: config.publicUrl }),
    createDbMaintenanceModule({ db, intervalMs: config.dbVacuumMs, log }),
    createUsersModule({ users, tokens, engine, mining: mining.mining, wallets, countryOf: auth.countryOf }),
    canvas,
    stats,
    market,
    shop,
    items,
    mining,
    rewards,
    wallet,
    ton,
    payouts,
    ratings,
    squads,
    moderation,
    profiles,
    pixels,
    history,
    hidden,
    nft,
    bot,
    templates,
    tournaments,
    pixanos, // a snap under way finishes before the last commit
    { name: 'commits', drain: () => committer.close().then(() => commitRelay.close()) },
    {
      // The last batch goes out before the sockets close.
      name: 'realtime',
      lead: (leading) => ticker.setActive(leading),
      async drain() {
        await ticker.close();
        await hub.close();
      },
      stop: () => online.close(),
    },
    createWsModule({ hub, tokens, users, trustProxy: config.trustProxy }),
    createWebModule(web), // last: its not-found handler answers what no route did
  ];
  await lifecycle.start(modules);
  return { app, hubSeq: () => hub.seq, close: (opts) => lifecycle.close(opts) };
}
