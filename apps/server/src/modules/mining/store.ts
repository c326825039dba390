/**
 * The SQL of `mining`, `boost_upgrades` and `balances` (see db/owners.ts), each function taking
 * the database or a transaction.
 */
import type { Sql } from '../../db/client.ts';

export interface MiningRow {
  last_claim_at: number;
  energy_limit_level: number;
  recharge_speed_level: number;
  reward_level: number;
}

/** The player's mining row, created on first sight with the clock starting at `now`. */
export async function miningRowOf(q: Sql, userId: number, now: number, lock: boolean): Promise<MiningRow> {
  await q.query(
    'INSERT INTO mining (user_id, last_claim_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING',
    [userId, now],
  );
  const rows = await q.query<MiningRow>(
    `SELECT last_claim_at, energy_limit_level, recharge_speed_level, reward_level
       FROM mining WHERE user_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [userId],
  );
  return rows[0]!;
}

export async function recordClaim(tx: Sql, userId: number, now: number, milli: number): Promise<void> {
  await tx.query(
    'UPDATE mining SET last_claim_at = $2, claimed_milli = claimed_milli + $3 WHERE user_id = $1',
    [userId, now, milli],
  );
}

export async function insertUpgrade(
  tx: Sql,
  userId: number,
  boost: string,
  level: number,
  priceMilli: number,
): Promise<void> {
  await tx.query('INSERT INTO boost_upgrades (user_id, boost, level, price_milli) VALUES ($1, $2, $3, $4)', [
    userId,
    boost,
    level,
    priceMilli,
  ]);
}

/** `column`: one of BOOST_COLUMN's (boosts.ts), never input. */
export async function setBoostLevel(tx: Sql, userId: number, column: string, level: number): Promise<void> {
  await tx.query(`UPDATE mining SET ${column} = $2 WHERE user_id = $1`, [userId, level]);
}

/** The player's boost levels; undefined for a player who never opened mining. */
export async function boostLevelRow(
  q: Sql,
  userId: number,
): Promise<Pick<MiningRow, 'energy_limit_level' | 'recharge_speed_level' | 'reward_level'> | undefined> {
  const rows = await q.query<Pick<MiningRow, 'energy_limit_level' | 'recharge_speed_level' | 'reward_level'>>(
    'SELECT energy_limit_level, recharge_speed_level, reward_level FROM mining WHERE user_id = $1',
    [userId],
  );
  return rows[0];
}

// ── balances: PX in milli-PX (bigint in SQL; a double holds them exactly up to 9e15 milli-PX) ──

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
