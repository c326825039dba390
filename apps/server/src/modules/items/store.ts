/**
 * The SQL of `daily_claims` (see db/owners.ts; inventory.ts keeps the SQL of `inventory`), each
 * function taking the database or a transaction.
 */
import type { Sql } from '../../db/client.ts';

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
