/**
 * The SQL of `mining` and `boost_upgrades` (see db/owners.ts; balance.ts keeps the SQL of
 * `balances`, boosts.ts the boost levels' read), each function taking the database or a transaction.
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
