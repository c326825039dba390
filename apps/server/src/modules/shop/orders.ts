/**
 * Orders and their fulfilment. The server prices every order from the shared catalogue (a client
 * never sends a price); a payment fulfils an order exactly once, in one transaction that records
 * the payment under the provider's unique id, moves the order out of 'pending', and hands over
 * the items and achievements. Side effects (the Pixanos' Snap wall event) follow the commit.
 *
 * Both payment channels use this: Telegram Stars (`stars.ts`) and the TON watcher.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  CurrencyId,
  currencyById,
  fromUnits,
  isValidQuantity,
  maxQuantityOf,
  NO_PROMOTIONS,
  paletteIndexOf,
  productById,
  type ShopPromotions,
  totalPriceUnits,
} from '@pixel-wall/shared';
import type { Database, Sql } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { PlayerCaches } from '../../lib/player-caches.ts';
import type { Bus } from '../../realtime/bus.ts';
import { grant } from '../achievements/service.ts';
import { dailyOffers, isOneOff } from '../items/catalogue.ts';
import { requireColourNow, SNAP_COLOR_LOCKED_MESSAGE } from '../items/colours.ts';
import { addItems, quantityOf } from '../items/inventory.ts';
import type { UsersService } from '../users/service.ts';
import type { OrderRow } from './store.ts';
import * as store from './store.ts';

export type Channel = 'stars' | 'ton';
export type PaymentProvider = 'stars' | 'ton';
export type OrderStatus = 'pending' | 'fulfilled' | 'cancelled' | 'expired';

export interface CreateOrderInput {
  userId: number;
  productId: number;
  quantity: number;
  currencyId: number;
  channel: Channel;
  /** Pixanos' Snap (13) only: a palette colour ('#FF4500') or palette index. */
  pixanosColor?: string | number | null;
  /** Buying today's offer; limited bundles (9–11) can only be bought this way, on their day. */
  daily?: boolean;
}

export interface Order {
  id: string;
  userId: number;
  productId: number;
  quantity: number;
  currencyId: number;
  /** exact decimal total in the currency */
  amount: string;
  /** the same in the currency's smallest unit (whole Stars, nanotons, ...) */
  amountUnits: bigint;
  channel: Channel;
  /** TON transfer comment identifying the order; null for Stars */
  memo: string | null;
  /** palette index */
  pixanosColor: number | null;
  daily: boolean;
  status: OrderStatus;
  /** epoch ms */
  createdAt: number;
  fulfilledAt: number | null;
}

export interface FulfilInput {
  orderId: string;
  provider: PaymentProvider;
  /** Stars: telegram_payment_charge_id; TON: the transaction hash */
  paymentId: string;
  paidUnits: bigint;
  currencyId: number;
  /** the provider's record of the payment, kept as jsonb */
  raw: unknown;
}

export type RejectReason = 'underpaid' | 'wrong_currency' | 'not_pending' | 'already_owned' | 'unknown_order';

export type FulfilResult =
  | { status: 'fulfilled'; order: Order }
  /** this payment id was recorded before: nothing changed */
  | { status: 'duplicate' }
  /** recorded, nothing granted: money received for nothing goes to the refund queue */
  | { status: 'rejected'; reason: RejectReason; order: Order | null };

export interface OrdersDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  users: Pick<UsersService, 'requirePlayer' | 'profile'>;
  bus: Pick<Bus, 'publishEvent'>;
  /** An open one-off order older than this stops blocking a new one (default 30 min). */
  pendingTtlMs?: number;
  /** the operator's sales: an order for a product on sale is priced at its sale price */
  promotions?: ShopPromotions;
  now?: () => number;
  log?: { error(obj: object, msg: string): void };
  /**
   * A kept product (All colours) changes what a player may do everywhere: its fulfilment drops the
   * player from every per-player cache on every instance.
   */
  caches?: Pick<PlayerCaches, 'forgetPlayer'>;
}

/** After a commit that gave or took a kept product: every instance reads the player again. */
export async function forgetOwner(
  deps: { caches?: Pick<PlayerCaches, 'forgetPlayer'>; log?: { error(obj: object, msg: string): void } },
  userId: number,
): Promise<void> {
  try {
    await deps.caches?.forgetPlayer(userId, 'goods');
  } catch (err) {
    deps.log?.error({ err, userId }, 'a change of kept goods was not announced');
  }
}

/**
 * Star Pixel (8) for Stars, Crypto Pixel (9) for any crypto. Pixanos' Snap (14) is granted when
 * the snap is used, and the wall event goes out then (modules/pixanos).
 */
const STAR_PIXEL = 8;
const CRYPTO_PIXEL = 9;

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** 'pw-' and 10 base32 characters (50 random bits): short, url-safe, fits any wallet comment. */
export function newMemo(): string {
  const bytes = randomBytes(10);
  let out = 'pw-';
  for (const b of bytes) out += BASE32[b & 31];
  return out;
}

function toOrder(r: OrderRow): Order {
  return {
    id: r.id,
    userId: Number(r.user_id),
    productId: r.product_id,
    quantity: r.quantity,
    currencyId: r.currency_id,
    amount: r.amount,
    amountUnits: BigInt(r.amount_units),
    channel: r.channel,
    memo: r.memo,
    pixanosColor: r.pixanos_color,
    daily: r.daily,
    status: r.status,
    createdAt: Math.round(r.created_ms),
    fulfilledAt: r.fulfilled_ms === null ? null : Math.round(r.fulfilled_ms),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function pixanosIndex(color: string | number | null | undefined): number {
  if (typeof color === 'number') return Number.isInteger(color) && color >= 0 && color < 30 ? color : -1;
  return typeof color === 'string' ? paletteIndexOf(color) : -1;
}

export function createOrders(deps: OrdersDeps) {
  const now = deps.now ?? Date.now;
  const pendingTtlMs = deps.pendingTtlMs ?? 30 * 60_000;
  const promotions = deps.promotions ?? NO_PROMOTIONS;

  function validate(input: CreateOrderInput): { amountUnits: bigint; amount: string; color: number | null } {
    const product = productById(input.productId);
    if (!product) throw new AppError('NOT_FOUND', 'No such product.');
    const currency = currencyById(input.currencyId);
    if (!currency) throw new AppError('WRONG_CURRENCY', 'Wrong currency');
    if ((input.channel === 'stars') !== (currency.id === CurrencyId.Stars)) {
      throw new AppError(
        'WRONG_CURRENCY',
        input.channel === 'stars'
          ? 'Stars invoices are priced in Stars only.'
          : 'Pay in Stars through Telegram.',
      );
    }
    if (!isValidQuantity(product.id, input.quantity)) {
      throw new AppError(
        'BAD_REQUEST',
        `The quantity must be a whole number from 1 to ${maxQuantityOf(product.id)}.`,
      );
    }
    const amountUnits = totalPriceUnits(product.id, currency.id, input.quantity, promotions);
    if (amountUnits === null) throw new AppError('NOT_AVAILABLE', 'Not available');
    const today = dailyOffers(now());
    if ((product.limited || input.daily) && !today.offerIds.includes(product.id)) {
      throw new AppError('NOT_AVAILABLE', 'Not available');
    }
    let color: number | null = null;
    if (product.id === 13) {
      color = pixanosIndex(input.pixanosColor);
      if (color < 0) throw new AppError('INVALID_COLOR', "Pixanos' Snap needs one of the palette colours.");
    }
    return { amountUnits, amount: fromUnits(amountUnits, currency.decimals), color };
  }

  async function orderById(sql: Sql, orderId: string, lock = false): Promise<Order | null> {
    if (!UUID.test(orderId)) return null;
    const row = await store.orderById(sql, orderId, lock);
    return row ? toOrder(row) : null;
  }

  return {
    /**
     * Creates a pending order priced from the catalogue. Refuses: an unknown product, a currency
     * without a price ('NOT_AVAILABLE'), a quantity outside 1..5000 (1 for single items), a one-off
     * the player owns or has an open order for ('ALREADY_OWNED'), product 13 without a colour or
     * in a colour the player may not paint ('COLOR_LOCKED'; checked again when it is used).
     */
    async createOrder(input: CreateOrderInput): Promise<Order> {
      const { amountUnits, amount, color } = validate(input);
      await deps.users.requirePlayer(input.userId);
      if (color !== null) await requireColourNow(deps.db, input.userId, color, SNAP_COLOR_LOCKED_MESSAGE);
      const oneOff = isOneOff(input.productId);
      const at = now();
      return deps.db.transaction(async (tx) => {
        if (oneOff) {
          if ((await quantityOf(tx, input.userId, input.productId)) > 0) {
            throw new AppError('ALREADY_OWNED', 'You already own this item.');
          }
          // A stale open order (never paid) stops blocking; a late payment for it is still honoured.
          await store.expirePending(tx, input.userId, input.productId, at - pendingTtlMs);
        }
        const row = await store.insertOrder(tx, {
          id: randomUUID(),
          userId: input.userId,
          productId: input.productId,
          quantity: input.quantity,
          currencyId: input.currencyId,
          amount,
          amountUnits: amountUnits.toString(),
          channel: input.channel,
          memo: input.channel === 'ton' ? newMemo() : null,
          pixanosColor: color,
          daily: input.daily ?? false,
          createdMs: at,
        });
        // Only the open-one-off index can realistically conflict (ids and memos are random).
        if (!row)
          throw new AppError('ALREADY_OWNED', 'You already have an order for this item waiting for payment.');
        return toOrder(row);
      });
    },

    async order(orderId: string): Promise<Order | null> {
      return orderById(deps.db, orderId);
    },

    async orderByMemo(memo: string): Promise<Order | null> {
      if (!/^pw-[a-z2-7]{10}$/.test(memo)) return null;
      const row = await store.orderByMemo(deps.db, memo);
      return row ? toOrder(row) : null;
    },

    /** Whether the player already owns a one-off (always false for other products). */
    async ownsOneOff(userId: number, productId: number): Promise<boolean> {
      return isOneOff(productId) && (await quantityOf(deps.db, userId, productId)) > 0;
    },

    /** Cancels an order nobody can pay any more (its invoice could not be created). */
    async cancel(orderId: string): Promise<void> {
      await store.cancelPending(deps.db, orderId);
    },

    /**
     * Fulfils an order from a payment, exactly once whatever the concurrency: the order row is
     * locked, then the payment is inserted under its unique provider id; a second delivery of the
     * same payment finds it and changes nothing. A payment that cannot be honoured is recorded
     * with its reason and grants nothing.
     */
    async fulfil(input: FulfilInput): Promise<FulfilResult> {
      if (typeof input.paidUnits !== 'bigint' || input.paidUnits < 0n)
        throw new RangeError('paidUnits must be a bigint ≥ 0');
      if (input.paymentId.length < 1 || input.paymentId.length > 512) throw new RangeError('bad payment id');
      const result = await deps.db.transaction(async (tx): Promise<FulfilResult> => {
        const order = await orderById(tx, input.orderId, true);
        let outcome: RejectReason | 'fulfilled';
        if (!order) outcome = 'unknown_order';
        else if (input.currencyId !== order.currencyId) outcome = 'wrong_currency';
        else if (input.paidUnits < order.amountUnits) outcome = 'underpaid';
        else if (order.status !== 'pending' && order.status !== 'expired') outcome = 'not_pending';
        else if (isOneOff(order.productId) && (await quantityOf(tx, order.userId, order.productId)) > 0)
          outcome = 'already_owned';
        else outcome = 'fulfilled';

        const inserted = await store.insertPayment(tx, {
          provider: input.provider,
          paymentId: input.paymentId,
          orderId: order?.id ?? null,
          amountUnits: input.paidUnits.toString(),
          currencyId: input.currencyId,
          outcome,
          raw: JSON.stringify(input.raw ?? null),
        });
        if (!inserted) return { status: 'duplicate' };
        if (!order || outcome !== 'fulfilled')
          return { status: 'rejected', reason: outcome as RejectReason, order };

        const done = toOrder((await store.markFulfilled(tx, order.id))!);
        await addItems(tx, done.userId, [{ productId: done.productId, qty: done.quantity }]);
        await grant(tx, done.userId, done.currencyId === CurrencyId.Stars ? STAR_PIXEL : CRYPTO_PIXEL);
        return { status: 'fulfilled', order: done };
      });
      if (result.status === 'fulfilled' && productById(result.order.productId)?.permanent)
        await forgetOwner(deps, result.order.userId);
      return result;
    },
  };
}

export type Orders = ReturnType<typeof createOrders>;
