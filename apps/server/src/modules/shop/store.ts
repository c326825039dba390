/**
 * The SQL of `orders`, `payments` and `payment_refunds` (see db/owners.ts), each function taking
 * the database or a transaction.
 */
import type { Sql } from '../../db/client.ts';

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
