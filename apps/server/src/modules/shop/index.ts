/**
 * The economy in one call: orders and Stars payments, items and blasts, mining, rewards,
 * achievements and revenue share, built from the app's infrastructure. `register(app)` adds every
 * route. The TON watcher uses `orders.createOrder` and `orders.fulfil`.
 */
import { GAME_DEFAULTS } from '@pixel-wall/shared';
import type { Database } from '../../db/client.ts';
import type { Committer } from '../../engine/committer.ts';
import type { Engine } from '../../engine/types.ts';
import type { App } from '../../http.ts';
import {
  type BotApi,
  createBotApi,
  DEFAULT_TELEGRAM_API_URL,
  webhookSecret,
} from '../../integrations/telegram/bot-api.ts';
import { serverSecret } from '../../lib/secrets.ts';
import type { Bus } from '../../realtime/bus.ts';
import { achievementsOf, checkThresholds, grant } from '../achievements/service.ts';
import { registerItemsRoutes } from '../items/routes.ts';
import { createItemsService } from '../items/service.ts';
import { balanceOf } from '../mining/balance.ts';
import { registerMiningRoutes } from '../mining/routes.ts';
import type { PlayerCaches } from '../../lib/player-caches.ts';
import { createMiningService } from '../mining/service.ts';
import { registerRewardsRoutes } from '../rewards/routes.ts';
import { createRewardsService } from '../rewards/service.ts';
import type { UsersService } from '../users/service.ts';
import { createOrders } from './orders.ts';
import { createRevshare } from './revshare.ts';
import { registerShopRoutes } from './routes.ts';
import { createRefunds } from './refunds.ts';
import { createStars } from './stars.ts';

export { registerItemsRoutes } from '../items/routes.ts';
export { registerMiningRoutes } from '../mining/routes.ts';
export { registerRewardsRoutes } from '../rewards/routes.ts';
export type { CreateOrderInput, FulfilInput, FulfilResult, Order, Orders } from './orders.ts';
export { createOrders } from './orders.ts';
export { registerRefundRoutes } from './refund-routes.ts';
export { registerShopRoutes } from './routes.ts';

export interface EconomyOptions {
  /** TELEGRAM_BOT_TOKEN; null: no Stars payments, and the webhook refuses everything */
  botToken: string | null;
  /** TELEGRAM_API_URL (default https://api.telegram.org) */
  telegramApiUrl?: string | null;
  /** TELEGRAM_WEBHOOK_SECRET; default derived from the bot token */
  webhookSecret?: string | null;
  /** SECRET_WORD of the Ghost Pixel quest; null switches it off */
  secretWord: string | null;
  /** PAINT_REWARD_ONE_IN: one paint in this many pays a goods reward; 0 switches it off */
  paintRewardOneIn: number;
  /** seed of the paint-reward draw; default a server secret kept in SQL */
  rewardSeed?: string | null;
  /** ORDER_TTL_SECONDS × 1000: an unpaid one-off order stops blocking a new one after this */
  orderTtlMs?: number;
  mining?: { pxPerSecond: number; maxSeconds: number };
  revshareMinFriends?: number;
}

export interface EconomyDeps {
  db: Database;
  engine: Engine;
  committer: Committer;
  bus: Bus;
  users: UsersService;
  /** the instance's player caches (boost levels register there; upgrades are announced there) */
  caches?: PlayerCaches;
  options: EconomyOptions;
  /** default: the real Bot API when a bot token is configured, else none */
  botApi?: BotApi | null;
  now?: () => number;
  log?: EconomyLog;
}

export interface EconomyLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export async function createEconomy(deps: EconomyDeps) {
  const { db, options } = deps;
  // The app's logger exists only once Fastify does: `register` plugs it in when none was given.
  let logger: EconomyLog | undefined = deps.log;
  const log: EconomyLog = {
    warn: (obj, msg) => logger?.warn(obj, msg),
    error: (obj, msg) => logger?.error(obj, msg),
  };
  const botApi =
    deps.botApi !== undefined
      ? deps.botApi
      : options.botToken
        ? createBotApi({
            token: options.botToken,
            baseUrl: options.telegramApiUrl ?? DEFAULT_TELEGRAM_API_URL,
          })
        : null;
  const secret = webhookSecret(options.botToken, options.webhookSecret ?? null);
  const rewardSeed = options.rewardSeed ?? (await serverSecret(db, 'paint-reward', null));

  const orders = createOrders({
    db,
    users: deps.users,
    bus: deps.bus,
    pendingTtlMs: options.orderTtlMs,
    now: deps.now,
    log,
  });
  const refunds = createRefunds({ db, botApi, log });
  const stars = createStars({ orders, botApi, users: deps.users, onRefunded: refunds.refunded, log });
  const items = createItemsService({
    db,
    engine: deps.engine,
    committer: deps.committer,
    bus: deps.bus,
    users: deps.users,
    now: deps.now,
    log,
  });
  const mining = createMiningService({
    db,
    users: deps.users,
    pxPerSecond: options.mining?.pxPerSecond ?? GAME_DEFAULTS.miningPxPerSecond,
    maxSeconds: options.mining?.maxSeconds ?? GAME_DEFAULTS.miningMaxSeconds,
    secretWord: options.secretWord,
    now: deps.now,
    caches: deps.caches,
  });
  const rewards = createRewardsService({
    db,
    users: deps.users,
    paintRewardOneIn: options.paintRewardOneIn,
    rewardSeed,
  });
  const revshare = createRevshare({ db, minFriends: options.revshareMinFriends });
  let otherUpdate: ((body: unknown) => Promise<unknown>) | null = null;

  return {
    orders,
    stars,
    refunds,
    items,
    mining,
    rewards,
    revshare,
    achievements: {
      grant,
      checkThresholds,
      /** the `achievements` map of `/users/me` */
      of: (userId: number) => achievementsOf(db, userId),
    },
    balanceOf: (userId: number) => balanceOf(db, userId),
    botApi,
    webhookSecret: secret,

    /** Where the webhook sends the updates that are not payments (the bot's conversation). */
    setOtherUpdateHandler(handler: (body: unknown) => Promise<unknown>): void {
      otherUpdate = handler;
    },

    register(app: App): void {
      logger ??= app.log;
      registerShopRoutes(app, {
        stars,
        revshare,
        users: deps.users,
        webhookSecret: secret,
        otherUpdate: async (body) => otherUpdate?.(body),
      });
      registerItemsRoutes(app, items);
      registerMiningRoutes(app, mining);
      registerRewardsRoutes(app, rewards);
    },
  };
}

export type Economy = Awaited<ReturnType<typeof createEconomy>>;
