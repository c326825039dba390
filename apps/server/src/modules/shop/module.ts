/**
 * The shop: orders, Stars payments (the Telegram webhook), refunds and revenue share. TON
 * payments (modules/ton) fulfil the same orders. Updates of the webhook that are not payments go
 * to `otherUpdate` (the bot's conversation, built before this module).
 */

import type { ShopPromotions } from '@pixel-wall/shared';
import { type ModuleLog, serverModule } from '../../app/module.ts';
import type { Database } from '../../db/client.ts';
import type { BotApi } from '../../integrations/telegram/bot-api.ts';
import type { PlayerCaches } from '../../lib/player-caches.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { UsersService } from '../users/service.ts';
import { createOrders } from './orders.ts';
import { registerRefundRoutes } from './refund-routes.ts';
import { createRefunds } from './refunds.ts';
import { createRevshare } from './revshare.ts';
import { registerShopRoutes, type ShopRoutesDeps } from './routes.ts';
import { createStars } from './stars.ts';

export interface ShopModuleDeps {
  db: Database;
  bus: Pick<Bus, 'publishEvent'>;
  users: Pick<UsersService, 'requirePlayer' | 'profile'>;
  /** null: no Stars payments */
  botApi: BotApi | null;
  /** the secret Telegram sends with every webhook update; null refuses every update */
  webhookSecret: string | null;
  /** updates that are not payments (the bot's conversation); must not throw */
  otherUpdate?: (body: unknown) => Promise<unknown>;
  /** the uploads' byte budget and minimum body rate, which webhook bodies count in */
  uploadLimits: ShopRoutesDeps['uploadLimits'];
  /** ORDER_TTL_SECONDS × 1000: an unpaid one-off order stops blocking a new one after this */
  orderTtlMs?: number;
  revshareMinFriends?: number;
  /** SHOP_SALE and SHOP_EVENT: sale prices are what every payment path charges */
  promotions?: ShopPromotions;
  now?: () => number;
  log: Pick<ModuleLog, 'warn' | 'error'>;
  /** a kept product bought or refunded: the player is forgotten on every instance */
  caches?: Pick<PlayerCaches, 'forgetPlayer'>;
}

export function createShopModule(deps: ShopModuleDeps) {
  const { db, botApi, log } = deps;
  const orders = createOrders({
    db,
    users: deps.users,
    bus: deps.bus,
    pendingTtlMs: deps.orderTtlMs,
    ...(deps.promotions ? { promotions: deps.promotions } : {}),
    now: deps.now,
    log,
    caches: deps.caches,
  });
  const refunds = createRefunds({ db, botApi, log, caches: deps.caches });
  const stars = createStars({ orders, botApi, users: deps.users, onRefunded: refunds.refunded, log });
  const revshare = createRevshare({ db, minFriends: deps.revshareMinFriends });
  return serverModule({
    name: 'shop',
    orders,
    stars,
    refunds,
    revshare,
    register(app) {
      registerShopRoutes(app, {
        stars,
        revshare,
        users: deps.users,
        webhookSecret: deps.webhookSecret,
        otherUpdate: deps.otherUpdate,
        uploadLimits: deps.uploadLimits,
      });
      registerRefundRoutes(app, refunds);
    },
  });
}

export type ShopModule = ReturnType<typeof createShopModule>;
