/**
 * PX balances in milli-PX (bigint in SQL; a double holds them exactly up to 9e15 milli-PX).
 * The User's pixel coin count is the balance / 1000, rounded down.
 */
import type { Sql } from '../../db/client.ts';

export interface Balance {
  pxMilli: number;
  /** pxMilli / 1000, rounded down */
  pixelCoins: number;
  balanceSharePercent: number;
}

export function pixelCoinsOf(pxMilli: number): number {
  return Math.floor(pxMilli / 1000);
}

/** Adds (or, with a negative amount, takes) milli-PX; returns the new balance. */
export async function addPx(tx: Sql, userId: number, milli: number): Promise<number> {
  if (!Number.isSafeInteger(milli)) throw new RangeError(`bad amount ${milli}`);
  const rows = await tx.query<{ px_milli: number }>(
    `INSERT INTO balances (user_id, px_milli) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET px_milli = balances.px_milli + EXCLUDED.px_milli, updated_at = now()
     RETURNING px_milli`,
    [userId, milli],
  );
  return Number(rows[0]!.px_milli);
}

export async function balanceOf(db: Sql, userId: number): Promise<Balance> {
  const rows = await db.query<{ px_milli: number; balance_share_percent: number }>(
    'SELECT px_milli, balance_share_percent FROM balances WHERE user_id = $1',
    [userId],
  );
  const pxMilli = Number(rows[0]?.px_milli ?? 0);
  return {
    pxMilli,
    pixelCoins: pixelCoinsOf(pxMilli),
    balanceSharePercent: rows[0]?.balance_share_percent ?? 0,
  };
}

export async function setBalanceSharePercent(db: Sql, userId: number, percent: number): Promise<void> {
  if (!Number.isInteger(percent) || percent < 0 || percent > 100)
    throw new RangeError(`bad percent ${percent}`);
  await db.query(
    `INSERT INTO balances (user_id, balance_share_percent) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET balance_share_percent = EXCLUDED.balance_share_percent, updated_at = now()`,
    [userId, percent],
  );
}

/** Takes `milli` if the balance covers it; the new balance, or null when it does not. */
export async function spendPx(tx: Sql, userId: number, milli: number): Promise<number | null> {
  const paid = await tx.query<{ px_milli: number }>(
    `UPDATE balances SET px_milli = px_milli - $2, updated_at = now()
           WHERE user_id = $1 AND px_milli >= $2 RETURNING px_milli`,
    [userId, milli],
  );
  return paid[0] ? Number(paid[0].px_milli) : null;
}
