/**
 * The SQL of `orders`, `payments` and `payment_refunds` (see db/owners.ts), each function taking
 * the database or a transaction.
 */
import type { Sql } from '../../db/client.ts';
import type { Channel, OrderStatus } from './orders.ts';

export interface OrderRow {
  id: string;
  user_id: number;
  product_id: number;
  quantity: number;
  currency_id: number;
  amount: string;
  amount_units: string;
  channel: Channel;
  memo: string | null;
  pixanos_color: number | null;
  daily: boolean;
  status: OrderStatus;
  created_ms: number;
  fulfilled_ms: number | null;
}

const ORDER_COLUMNS = `id, user_id, product_id, quantity, currency_id, amount, amount_units::text AS amount_units,
  channel, memo, pixanos_color, daily, status, (extract(epoch from created_at) * 1000)::float8 AS created_ms,
  (extract(epoch from fulfilled_at) * 1000)::float8 AS fulfilled_ms`;

export async function orderById(q: Sql, orderId: string, lock: boolean): Promise<OrderRow | undefined> {
  const rows = await q.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [orderId],
  );
  return rows[0];
}

export async function orderByMemo(q: Sql, memo: string): Promise<OrderRow | undefined> {
  const rows = await q.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE memo = $1`, [memo]);
  return rows[0];
}

/** Open orders of a product created before `beforeMs` stop being open. */
export async function expirePending(
  tx: Sql,
  userId: number,
  productId: number,
  beforeMs: number,
): Promise<void> {
  await tx.query(
    `UPDATE orders SET status = 'expired'
             WHERE user_id = $1 AND product_id = $2 AND status = 'pending' AND created_at < to_timestamp($3 / 1000.0)`,
    [userId, productId, beforeMs],
  );
}

export interface NewOrder {
  id: string;
  userId: number;
  productId: number;
  quantity: number;
  currencyId: number;
  amount: string;
  amountUnits: string;
  channel: Channel;
  memo: string | null;
  pixanosColor: number | null;
  daily: boolean;
  createdMs: number;
}

/** The new order; undefined when a unique index refused it (an open order of a one-off). */
export async function insertOrder(tx: Sql, o: NewOrder): Promise<OrderRow | undefined> {
  const rows = await tx.query<OrderRow>(
    `INSERT INTO orders (id, user_id, product_id, quantity, currency_id, amount, amount_units, channel, memo,
                               pixanos_color, daily, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7::numeric, $8, $9, $10, $11, to_timestamp($12 / 1000.0))
           ON CONFLICT DO NOTHING
           RETURNING ${ORDER_COLUMNS}`,
    [
      o.id,
      o.userId,
      o.productId,
      o.quantity,
      o.currencyId,
      o.amount,
      o.amountUnits,
      o.channel,
      o.memo,
      o.pixanosColor,
      o.daily,
      o.createdMs,
    ],
  );
  return rows[0];
}

export async function cancelPending(q: Sql, orderId: string): Promise<void> {
  await q.query(`UPDATE orders SET status = 'cancelled' WHERE id = $1 AND status = 'pending'`, [orderId]);
}

export async function markFulfilled(tx: Sql, orderId: string): Promise<OrderRow | undefined> {
  const rows = await tx.query<OrderRow>(
    `UPDATE orders SET status = 'fulfilled', fulfilled_at = now()
           WHERE id = $1 AND status IN ('pending', 'expired') RETURNING ${ORDER_COLUMNS}`,
    [orderId],
  );
  return rows[0];
}

export interface PaymentInput {
  provider: string;
  paymentId: string;
  orderId: string | null;
  amountUnits: string;
  currencyId: number;
  outcome: string;
  raw: string;
}

/** Records a payment once per provider id; false when it was recorded before. */
export async function insertPayment(tx: Sql, p: PaymentInput): Promise<boolean> {
  const inserted = await tx.query(
    `INSERT INTO payments (provider, payment_id, order_id, amount_units, currency_id, outcome, raw)
           VALUES ($1, $2, $3, $4::numeric, $5, $6, $7::jsonb)
           ON CONFLICT (provider, payment_id) DO NOTHING RETURNING payment_id`,
    [p.provider, p.paymentId, p.orderId, p.amountUnits, p.currencyId, p.outcome, p.raw],
  );
  return inserted.length > 0;
}

/** The colour chosen in the player's latest fulfilled order of `productId` (Pixanos' Snap). */
export async function latestPixanosColor(q: Sql, userId: number, productId: number): Promise<number | null> {
  const rows = await q.query<{ pixanos_color: number | null }>(
    `SELECT pixanos_color FROM orders
     WHERE user_id = $1 AND product_id = $2 AND status = 'fulfilled' AND pixanos_color IS NOT NULL
     ORDER BY fulfilled_at DESC NULLS LAST LIMIT 1`,
    [userId, productId],
  );
  return rows[0]?.pixanos_color ?? null;
}

/** Fulfilled orders of the given players, per currency: how many and their sum in units. */
export async function fulfilledSpendOf(
  q: Sql,
  userIds: readonly number[],
): Promise<{ currency_id: number; n: number; units: string }[]> {
  if (userIds.length === 0) return [];
  return q.query<{ currency_id: number; n: number; units: string }>(
    `SELECT o.currency_id, count(*)::int AS n, sum(o.amount_units)::text AS units
         FROM orders o
         WHERE o.user_id = ANY($1::bigint[]) AND o.status = 'fulfilled'
         GROUP BY o.currency_id ORDER BY o.currency_id`,
    [userIds],
  );
}

// ── Stars payments and their refunds ──

export interface PaymentRow {
  payment_id: string;
  order_id: string | null;
  outcome: string;
  amount_units: string;
  created_at: string | Date;
  raw: unknown;
  user_id: number | string | null;
  product_id: number | null;
  quantity: number | null;
  r_source: 'admin' | 'telegram' | null;
  r_actor_id: number | string | null;
  r_taken_back: Record<string, number> | null;
  r_already_used: Record<string, number> | null;
  r_created_at: string | Date | null;
}

const PAYMENT_SELECT = `
  SELECT p.payment_id, p.order_id, p.outcome, p.amount_units::text AS amount_units, p.created_at, p.raw,
         o.user_id, o.product_id, o.quantity,
         r.source AS r_source, r.actor_id AS r_actor_id, r.taken_back AS r_taken_back,
         r.already_used AS r_already_used, r.created_at AS r_created_at
  FROM payments p
  LEFT JOIN orders o ON o.id = p.order_id
  LEFT JOIN payment_refunds r ON r.provider = p.provider AND r.payment_id = p.payment_id`;

export async function starsPayment(q: Sql, chargeId: string): Promise<PaymentRow | undefined> {
  const rows = await q.query<PaymentRow>(
    `${PAYMENT_SELECT} WHERE p.provider = 'stars' AND p.payment_id = $1`,
    [chargeId],
  );
  return rows[0];
}

/** A player's Stars payments (by order, or by the payer of a payment without one), newest first. */
export async function starsPaymentsOf(q: Sql, userId: number): Promise<PaymentRow[]> {
  return q.query<PaymentRow>(
    `${PAYMENT_SELECT} WHERE p.provider = 'stars' AND (o.user_id = $1 OR (p.order_id IS NULL AND p.raw #>> '{message,from,id}' = $2))
         ORDER BY p.created_at DESC LIMIT 200`,
    [userId, String(userId)],
  );
}

/** Records a Stars refund once; false when it was recorded before. */
export async function insertRefund(
  tx: Sql,
  chargeId: string,
  userId: number | null,
  source: 'admin' | 'telegram',
  actorId: number | null,
): Promise<boolean> {
  const inserted = await tx.query(
    `INSERT INTO payment_refunds (provider, payment_id, user_id, source, actor_id)
         VALUES ('stars', $1, $2, $3, $4) ON CONFLICT (provider, payment_id) DO NOTHING RETURNING payment_id`,
    [chargeId, userId, source, actorId],
  );
  return inserted.length > 0;
}

export async function setRefundOutcome(
  tx: Sql,
  chargeId: string,
  takenBack: Record<string, number>,
  alreadyUsed: Record<string, number>,
): Promise<void> {
  await tx.query(
    `UPDATE payment_refunds SET taken_back = $2::jsonb, already_used = $3::jsonb
           WHERE provider = 'stars' AND payment_id = $1`,
    [chargeId, JSON.stringify(takenBack), JSON.stringify(alreadyUsed)],
  );
}
