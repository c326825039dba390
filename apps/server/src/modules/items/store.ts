/**
 * The SQL of `inventory` and `daily_claims` (see db/owners.ts), each function taking the database
 * or a transaction, so callers compose them into their own transactions.
 */
import { productById } from '@pixel-wall/shared';
import type { Sql } from '../../db/client.ts';
import { ONE_OFF_PRODUCT_IDS } from './catalogue.ts';

// ── inventory: what each player holds per product ──

export interface ItemGrant {
  productId: number;
  qty: number;
}

/**
 * Adds items; bundles (9–11) expand into their contents. One-offs stay at 1 whatever is added.
 * Rows are written in product order so that two transactions never lock them in opposite orders.
 */
export async function addItems(tx: Sql, userId: number, grants: readonly ItemGrant[]): Promise<void> {
  const sums = new Map<number, number>();
  for (const g of grants) {
    const product = productById(g.productId);
    if (!product) throw new RangeError(`unknown product ${g.productId}`);
    if (!Number.isSafeInteger(g.qty) || g.qty < 1) throw new RangeError(`bad quantity ${g.qty}`);
    const parts = product.contents ?? [{ productId: product.id, qty: 1 }];
    for (const part of parts) sums.set(part.productId, (sums.get(part.productId) ?? 0) + part.qty * g.qty);
  }
  if (sums.size === 0) return;
  const entries = [...sums.entries()].sort((a, b) => a[0] - b[0]);
  await tx.query(
    `INSERT INTO inventory (user_id, product_id, quantity)
     SELECT $1, t.pid, CASE WHEN t.pid = ANY($4::smallint[]) THEN LEAST(t.qty, 1) ELSE t.qty END
     FROM unnest($2::smallint[], $3::int[]) AS t(pid, qty)
     ON CONFLICT (user_id, product_id) DO UPDATE SET
       quantity = CASE WHEN inventory.product_id = ANY($4::smallint[]) THEN 1
                       ELSE inventory.quantity + EXCLUDED.quantity END,
       updated_at = now()`,
    [userId, entries.map(([p]) => p), entries.map(([, q]) => q), [...ONE_OFF_PRODUCT_IDS]],
  );
}

/**
 * Takes one item atomically: the conditional decrement is one statement, so concurrent uses of
 * the last item succeed once. Returns what is left, or null when there was none.
 */
export async function takeOne(tx: Sql, userId: number, productId: number): Promise<number | null> {
  const rows = await tx.query<{ quantity: number }>(
    `UPDATE inventory SET quantity = quantity - 1, updated_at = now()
     WHERE user_id = $1 AND product_id = $2 AND quantity > 0 RETURNING quantity`,
    [userId, productId],
  );
  return rows[0]?.quantity ?? null;
}

/** Counts by product id, only products held (quantity > 0). */
export async function countsOf(db: Sql, userId: number): Promise<Record<string, number>> {
  const rows = await db.query<{ product_id: number; quantity: number }>(
    'SELECT product_id, quantity FROM inventory WHERE user_id = $1 AND quantity > 0 ORDER BY product_id',
    [userId],
  );
  const out: Record<string, number> = {};
  for (const r of rows) out[String(r.product_id)] = r.quantity;
  return out;
}

export async function quantityOf(db: Sql, userId: number, productId: number): Promise<number> {
  const rows = await db.query<{ quantity: number }>(
    'SELECT quantity FROM inventory WHERE user_id = $1 AND product_id = $2',
    [userId, productId],
  );
  return rows[0]?.quantity ?? 0;
}

/**
 * Takes back up to `qty` of a product (a refund), locking the row first; how many were taken
 * (fewer when some were used already).
 */
export async function takeBack(tx: Sql, userId: number, productId: number, qty: number): Promise<number> {
  const held = await tx.query<{ quantity: number }>(
    'SELECT quantity FROM inventory WHERE user_id = $1 AND product_id = $2 FOR UPDATE',
    [userId, productId],
  );
  const n = Math.min(held[0]?.quantity ?? 0, qty);
  if (n > 0) {
    await tx.query(
      `UPDATE inventory SET quantity = quantity - $3, updated_at = now()
               WHERE user_id = $1 AND product_id = $2`,
      [userId, productId, n],
    );
  }
  return n;
}

// ── daily_claims ──

export async function claimedOn(q: Sql, userId: number, day: string): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM daily_claims WHERE user_id = $1 AND day = $2', [userId, day]);
  return rows.length > 0;
}

/** Records the day's free item as taken; false when it was taken already. */
export async function recordClaim(
  tx: Sql,
  userId: number,
  day: string,
  productId: number,
  quantity: number,
): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO daily_claims (user_id, day, product_id, quantity) VALUES ($1, $2, $3, $4)
           ON CONFLICT (user_id, day) DO NOTHING RETURNING day`,
    [userId, day, productId, quantity],
  );
  return rows.length > 0;
}
