/**
 * Telegram Stars refunds. An admin refunds a payment (`refundStarPayment`), or Telegram reports
 * one (`message.refunded_payment`); either way, once per payment: a `payment_refunds` row keyed by
 * the payment, and in the same transaction the goods still unspent go back out of the inventory
 * (what the player already used is recorded, not taken), and an admin's refund is written to the
 * moderation log. A second refund, or the update that follows an admin's refund, changes nothing.
 */
import { productById, type RefundResponse, type StarsPayment } from '@pixel-wall/shared';
import type { Database, Sql } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { type BotApi, BotApiError } from '../../integrations/telegram/bot-api.ts';
import type { PlayerCaches } from '../../lib/player-caches.ts';
import { takeBack } from '../items/inventory.ts';
import { writeLogEntry } from '../moderation/log.ts';
import { forgetOwner } from './orders.ts';
import type { PaymentRow } from './store.ts';
import * as store from './store.ts';

export interface RefundsDeps {
  db: Database;
  botApi: BotApi | null;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** a kept product taken back: the player is forgotten everywhere (orders.ts forgetOwner) */
  caches?: Pick<PlayerCaches, 'forgetPlayer'>;
}

const iso = (v: string | Date) => (v instanceof Date ? v : new Date(v)).toISOString();

function toPayment(r: PaymentRow): StarsPayment {
  return {
    chargeId: r.payment_id,
    orderId: r.order_id,
    productId: r.product_id,
    quantity: r.quantity,
    stars: Number(r.amount_units),
    outcome: r.outcome,
    createdAt: iso(r.created_at),
    refund: r.r_source
      ? {
          source: r.r_source,
          actorId: r.r_actor_id === null ? null : Number(r.r_actor_id),
          takenBack: r.r_taken_back ?? {},
          alreadyUsed: r.r_already_used ?? {},
          createdAt: iso(r.r_created_at!),
        }
      : null,
  };
}

/**
 * Who paid: the `from` of the successful_payment message we kept with the payment. Anyone may pay
 * an invoice link, so it need not be the order's player; Telegram refunds only to the payer
 * (CHARGE_NOT_FOUND for anyone else). A payment kept without a `from` falls back to the player.
 */
function payerOf(r: PaymentRow): number | null {
  const from = (r.raw as { message?: { from?: { id?: unknown } } } | null)?.message?.from?.id;
  if (typeof from === 'number' && Number.isSafeInteger(from) && from > 0) return from;
  return r.user_id === null ? null : Number(r.user_id);
}

/** Whose goods the payment bought: the order's player, else (no order) the payer. */
function playerOf(r: PaymentRow): number | null {
  return r.user_id === null ? payerOf(r) : Number(r.user_id);
}

/** What the order granted, per product (bundles count as their contents). */
function grantedBy(productId: number, quantity: number): Map<number, number> {
  const out = new Map<number, number>();
  const product = productById(productId);
  if (!product) return out;
  for (const part of product.contents ?? [{ productId: product.id, qty: 1 }]) {
    out.set(part.productId, (out.get(part.productId) ?? 0) + part.qty * quantity);
  }
  return out;
}

export function createRefunds(deps: RefundsDeps) {
  async function paymentRow(sql: Pick<Sql, 'query'>, chargeId: string): Promise<PaymentRow | null> {
    return (await store.starsPayment(sql, chargeId)) ?? null;
  }

  /**
   * Records the refund and takes the goods back, once. Returns false when the payment was already
   * refunded (nothing changed).
   */
  async function apply(
    chargeId: string,
    source: 'admin' | 'telegram',
    actorId: number | null,
  ): Promise<boolean> {
    let keptTakenFrom: number | null = null;
    const applied = await deps.db.transaction(async (tx) => {
      const row = await paymentRow(tx, chargeId);
      if (!row) return false;
      const userId = playerOf(row);
      if (!(await store.insertRefund(tx, chargeId, userId, source, actorId))) return false;
      const takenBack: Record<string, number> = {};
      const alreadyUsed: Record<string, number> = {};
      // Only a fulfilled payment granted anything; the rest paid for nothing.
      if (
        row.outcome === 'fulfilled' &&
        userId !== null &&
        row.product_id !== null &&
        row.quantity !== null
      ) {
        const granted = [...grantedBy(row.product_id, row.quantity)].sort((a, b) => a[0] - b[0]);
        for (const [productId, qty] of granted) {
          const n = await takeBack(tx, userId, productId, qty);
          takenBack[String(productId)] = n;
          alreadyUsed[String(productId)] = qty - n;
          if (n > 0 && productById(productId)?.permanent) keptTakenFrom = userId;
        }
        await store.setRefundOutcome(tx, chargeId, takenBack, alreadyUsed);
      }
      if (source === 'admin' && actorId !== null && userId !== null) {
        const summary = (o: Record<string, number>) =>
          Object.entries(o)
            .map(([p, n]) => `${p}×${n}`)
            .join(' ') || '-';
        await writeLogEntry(tx, {
          actorId,
          targetId: userId,
          action: 'refund',
          reason:
            `${Number(row.amount_units)} Stars, order ${row.order_id ?? '-'}; taken back ${summary(takenBack)}; used ${summary(alreadyUsed)}`.slice(
              0,
              200,
            ),
        });
      }
      return true;
    });
    if (keptTakenFrom !== null) await forgetOwner(deps, keptTakenFrom);
    return applied;
  }

  async function view(chargeId: string): Promise<StarsPayment | null> {
    const row = await paymentRow(deps.db, chargeId);
    return row ? toPayment(row) : null;
  }

  return {
    /** The admin route: refunds through Telegram, then records it; idempotent. */
    async refund(actorId: number, chargeId: string): Promise<RefundResponse> {
      const before = await paymentRow(deps.db, chargeId);
      if (!before) throw new AppError('NOT_FOUND', 'No Stars payment with this charge id.');
      if (before.r_source) return { payment: toPayment(before), alreadyRefunded: true };
      const payerId = payerOf(before);
      if (payerId === null) throw new AppError('CONFLICT', 'The payer of this payment is unknown.');
      if (!deps.botApi) throw new AppError('UNAVAILABLE', 'Stars payments are not available here.');
      try {
        await deps.botApi.refundStarPayment({ user_id: payerId, telegram_payment_charge_id: chargeId });
      } catch (err) {
        // Refunded already (elsewhere, or by a request whose recording failed): record it now.
        const already = err instanceof BotApiError && /CHARGE_ALREADY_REFUNDED/i.test(err.message);
        if (!already) {
          deps.log?.warn(
            { err: err instanceof Error ? err.message : String(err), chargeId },
            'refundStarPayment failed',
          );
          if (err instanceof BotApiError && err.kind === 'telegram' && err.errorCode === 400) {
            throw new AppError('CONFLICT', `Telegram refused the refund: ${err.message}`);
          }
          throw new AppError('UNAVAILABLE', 'Telegram could not be reached. Try again.');
        }
      }
      const applied = await apply(chargeId, 'admin', actorId);
      return { payment: (await view(chargeId))!, alreadyRefunded: !applied };
    },

    /** Telegram's `message.refunded_payment`: applied like an admin's refund, once. */
    async refunded(chargeId: string): Promise<boolean> {
      const applied = await apply(chargeId, 'telegram', null);
      if (!applied && !(await view(chargeId))) {
        deps.log?.error({ chargeId }, 'refunded_payment for a payment we never recorded');
      }
      return applied;
    },

    /** A player's Stars payments, newest first, with their refunds. */
    async paymentsOf(userId: number): Promise<StarsPayment[]> {
      const rows = await store.starsPaymentsOf(deps.db, userId);
      return rows.map(toPayment);
    },
  };
}

export type Refunds = ReturnType<typeof createRefunds>;
