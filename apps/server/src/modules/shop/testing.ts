/**
 * Test support for the economy's modules (shop, items, mining, rewards): the real services on a real
 * migrated database, the memory engine, the group commit and the in-process bus, behind a minimal
 * Fastify instance with the same zod compilers and error body as app.ts. The caller is named by an
 * `x-test-user` header instead of a token (the auth module has its own tests).
 */
import {
  type ErrorCode,
  GAME_DEFAULTS,
  type PixelChange,
  type ShopPromotions,
  type WallEvent,
} from '@pixel-wall/shared';
import Fastify, { type FastifyError } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { type Committer, createCommitter } from '../../engine/committer.ts';
import { createMemoryEngine } from '../../engine/memory.ts';
import type { Engine } from '../../engine/types.ts';
import { AppError } from '../../errors.ts';
import type { App } from '../../http.ts';
import {
  type BotApi,
  BotApiError,
  type InvoiceLinkParams,
  webhookSecret,
} from '../../integrations/telegram/bot-api.ts';
import { createPlayerCaches, type PlayerCaches } from '../../lib/player-caches.ts';
import { createUploadBudget, DEFAULT_BODY_RATE } from '../../lib/upload-gate.ts';
import { type Bus, createMemoryBus } from '../../realtime/bus.ts';
import { relayCommits } from '../../realtime/commits.ts';
import { createTestStore, type DbKind, TEST_BOT_TOKEN, type TestStore } from '../../testing/harness.ts';
import { installAuthGuard } from '../auth/guard.ts';
import { createItemsModule } from '../items/module.ts';
import { balanceOf } from '../mining/balance.ts';
import { createMiningModule } from '../mining/module.ts';
import { createRoles } from '../moderation/roles.ts';
import { pixelOverwrites } from '../pixels/overwrites.ts';
import { createRewardsModule } from '../rewards/module.ts';
import { createUsersService, type UsersService } from '../users/service.ts';
import { createShopModule } from './module.ts';

export const TEST_SECRET_WORD = 'pixanos';
export const TEST_RULES = { max: GAME_DEFAULTS.startCharges, speedMs: GAME_DEFAULTS.rechargeMs };

/** The economy's services, as the modules of app.ts build them. */
export type Economy = Awaited<ReturnType<typeof economyModules>>['economy'];

export interface EconomyHarness {
  app: App;
  db: Database;
  store: TestStore;
  engine: Engine;
  committer: Committer;
  bus: Bus;
  /** the player caches (users' profiles, boost levels) */
  caches: PlayerCaches;
  users: UsersService;
  economy: Economy;
  events: WallEvent[];
  pixels: PixelChange[];
  /** Creates (or refreshes) a player the way sign-in does. */
  player(id: number, firstName?: string, opts?: { referrerId?: number }): Promise<number>;
  /** Headers naming the caller. */
  as(userId: number): Record<string, string>;
  close(): Promise<void>;
}

export interface EconomyHarnessOptions {
  kind?: DbKind;
  botApi?: BotApi | null;
  /** TELEGRAM_BOT_TOKEN; null: no Stars payments, and the webhook refuses everything */
  options?: { botToken?: string | null };
  /** SHOP_SALE and SHOP_EVENT, as app.ts hands them to the shop and the items modules */
  promotions?: ShopPromotions;
  now?: () => number;
}

export async function startEconomy(opts: EconomyHarnessOptions = {}): Promise<EconomyHarness> {
  const store = await createTestStore(opts.kind ?? 'pglite');
  const db = await store.open();
  await migrate(db);
  const now = opts.now ?? Date.now;
  const caches = createPlayerCaches();
  const users = createUsersService({
    db,
    adminIds: new Set([9_000_001]),
    startCharges: TEST_RULES.max,
    now,
    caches,
  });
  const engine = createMemoryEngine({
    rulesFor: () => TEST_RULES,
    loadCharges: (id) => users.storedCharges(id),
  });
  const committer = createCommitter({
    windowMs: 2,
    overwrites: pixelOverwrites,
    transaction: (fn) => db.transaction(fn),
    // The committer retries forever; say why, or a hanging test would not.
    onError: (err, attempt) => {
      if (attempt === 1 || attempt % 50 === 0) console.error('group commit failed', attempt, err);
    },
  });
  const bus = createMemoryBus();
  relayCommits(committer, bus);
  caches.attach(bus);
  const events: WallEvent[] = [];
  const pixels: PixelChange[] = [];
  bus.subscribe({ event: (e) => events.push(e), pixels: (c) => pixels.push(...c) });

  const app: App = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((err: FastifyError, req, reply) => {
    let status = 500;
    let code: ErrorCode = 'INTERNAL';
    let message = 'Something went wrong on our side.';
    if (err instanceof AppError) {
      status = err.status;
      code = err.code;
      message = err.message;
    } else if (hasZodFastifySchemaValidationErrors(err) || err.statusCode === 400) {
      status = 400;
      code = 'BAD_REQUEST';
      message = err.message;
    } else if (err.statusCode && err.statusCode < 500) {
      status = err.statusCode;
      code = 'BAD_REQUEST';
      message = err.message;
    }
    // As the app's handler (app/fastify.ts): an AppError's details travel with it.
    const details = err instanceof AppError ? err.details : undefined;
    return reply
      .code(status)
      .send({ error: { code, message, ...(details ? { details } : {}) }, requestId: req.id });
  });
  const roles = createRoles({ db, isAdmin: (id) => id === 9_000_001 });
  installAuthGuard(app, {
    callerOf: async (req) => {
      const given = req.headers['x-test-user'];
      return typeof given === 'string' && /^\d{1,16}$/.test(given)
        ? { userId: Number(given), dev: false }
        : null;
    },
    roleOf: roles.roleOf,
  });
  const { economy, modules } = await economyModules({
    db,
    engine,
    committer,
    bus,
    users,
    caches,
    botApi: opts.botApi ?? null,
    botToken: opts.options?.botToken !== undefined ? opts.options.botToken : TEST_BOT_TOKEN,
    now: opts.now,
    promotions: opts.promotions,
    log: app.log,
  });
  for (const m of modules) m.register(app);
  await app.ready();

  return {
    app,
    db,
    store,
    engine,
    committer,
    bus,
    caches,
    users,
    economy,
    events,
    pixels,
    async player(id, firstName = `Player ${id}`, o = {}) {
      await users.signIn(
        {
          id,
          firstName,
          lastName: null,
          username: null,
          photoUrl: null,
          languageCode: 'en',
          isPremium: false,
        },
        { startParam: o.referrerId ? `f${o.referrerId}` : null, country: null, now: now() },
      );
      return id;
    },
    as: (userId) => ({ 'x-test-user': String(userId) }),
    async close() {
      await app.close();
      await committer.close();
      await engine.close();
      await bus.close();
      await db.close();
      await store.dispose();
    },
  };
}

async function economyModules(deps: {
  db: Database;
  engine: Engine;
  committer: Committer;
  bus: Bus;
  users: UsersService;
  caches: PlayerCaches;
  botApi: BotApi | null;
  botToken: string | null;
  now?: () => number;
  promotions?: ShopPromotions | undefined;
  log: App['log'];
}) {
  const { db, engine, committer, bus, users, caches, botApi, now, log } = deps;
  const secret = webhookSecret(deps.botToken, null);
  const promotions = deps.promotions ? { promotions: deps.promotions } : {};
  const shop = createShopModule({
    db,
    bus,
    users,
    botApi,
    webhookSecret: secret,
    uploadLimits: { budget: createUploadBudget(64 * 1024 * 1024), minRate: DEFAULT_BODY_RATE },
    now,
    log,
    caches,
    ...promotions,
  });
  const items = createItemsModule({ db, engine, committer, bus, users, now, log, caches, ...promotions });
  const mining = createMiningModule({
    db,
    users,
    caches,
    mining: { pxPerSecond: GAME_DEFAULTS.miningPxPerSecond, maxSeconds: GAME_DEFAULTS.miningMaxSeconds },
    secretWord: TEST_SECRET_WORD,
    now,
  });
  const rewards = await createRewardsModule({ db, users, paintRewardOneIn: 500, rewardSeed: 'test-seed' });
  return {
    modules: [shop, items, mining, rewards],
    economy: {
      orders: shop.orders,
      stars: shop.stars,
      refunds: shop.refunds,
      revshare: shop.revshare,
      items: items.items,
      colours: items.colours,
      mining: mining.mining,
      rewards: rewards.rewards,
      balanceOf: (userId: number) => balanceOf(db, userId),
      botApi,
      webhookSecret: secret,
    },
  };
}

/** The real Stars updates of `testing/vectors` (they live with the other vectors' loader). */
export { loadStarsVectors, type StarsVector } from '../../testing/vectors.ts';

/** Records what the shop asks of Telegram; the HTTP client itself is tested against a server. */
export function recordingBotApi() {
  const invoices: InvoiceLinkParams[] = [];
  const answers: { pre_checkout_query_id: string; ok: boolean; error_message?: string }[] = [];
  let failNext = false;
  const api: BotApi = {
    async createInvoiceLink(p) {
      if (failNext) {
        failNext = false;
        throw new BotApiError('createInvoiceLink', 'telegram', 'Bad Request: STARS_INVOICE_INVALID', 400);
      }
      invoices.push(p);
      return `https://t.me/$invoice${invoices.length}`;
    },
    async answerPreCheckoutQuery(p) {
      answers.push(p);
    },
    async setWebhook() {},
    async getWebhookInfo() {
      return { url: '', pending_update_count: 0 };
    },
    async setMyCommands() {},
    async getMyCommands() {
      return [];
    },
    async setChatMenuButton() {},
    async getChatMenuButton() {
      return { type: 'commands' };
    },
    async sendMessage() {},
    async refundStarPayment() {},
    async getMe() {
      return { id: 1, is_bot: true, first_name: 'Bot' };
    },
  };
  return {
    api,
    invoices,
    answers,
    failNextInvoice: () => {
      failNext = true;
    },
  };
}
