/**
 * A player's final mining results (GET /users/game/results): the PX claimed from mining over the
 * whole season (`mining.claimed_milli`, which a claim adds to and nothing takes from), the PX spent
 * on boosts and the levels bought (`boost_upgrades`), and the player's place among everyone who
 * claimed anything (most first; equal totals, the lower id first).
 */
import type { MiningResults } from '@pixel-wall/shared';
import type { Sql } from '../../db/client.ts';

export async function miningResultsOf(q: Sql, userId: number): Promise<MiningResults> {
  const [mine] = await q.query<{ claimed_milli: string | number | null }>(
    'SELECT claimed_milli FROM mining WHERE user_id = $1',
    [userId],
  );
  const claimedMilli = Number(mine?.claimed_milli ?? 0);
  const [boosts] = await q.query<{ spent: string | number | null; levels: string | number }>(
    'SELECT COALESCE(SUM(price_milli), 0) AS spent, COUNT(*) AS levels FROM boost_upgrades WHERE user_id = $1',
    [userId],
  );
  const [standing] = await q.query<{ miners: string | number; ahead: string | number }>(
    // Two counts over mining_claimed_idx (claimed_milli > 0): every miner, and those ahead.
    `SELECT (SELECT COUNT(*) FROM mining WHERE claimed_milli > 0) AS miners,
            (SELECT COUNT(*) FROM mining
              WHERE claimed_milli > 0 AND (claimed_milli > $2 OR (claimed_milli = $2 AND user_id < $1))) AS ahead`,
    [userId, claimedMilli],
  );
  return {
    claimed: claimedMilli / 1000,
    claimedMilli,
    boostsSpentMilli: Number(boosts?.spent ?? 0),
    boostLevels: Number(boosts?.levels ?? 0),
    place: claimedMilli > 0 ? Number(standing?.ahead ?? 0) + 1 : 0,
    miners: Number(standing?.miners ?? 0),
  };
}
