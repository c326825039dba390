/**
 * The SQL of `rewards` (see db/owners.ts; payouts.ts and payout-batches.ts keep the SQL of
 * reward_payouts and payout_batches), each function taking the database or a transaction.
 */
import type { Sql } from '../../db/client.ts';

export interface RewardRow {
  id: number;
  user_id: number;
  type: 'goods' | 'token';
  token: string | null;
  amount: string;
  currency_id: number | null;
  good_id: number | null;
  status: 'pending' | 'success' | null;
  hash: string | null;
  name: string;
  description: string;
  image_url: string | null;
  created_at: string | Date;
  claimed_at: string | Date | null;
}

const COLUMNS =
  'id, user_id, type, token, amount::text AS amount, currency_id, good_id, status, hash, name, description, image_url, created_at, claimed_at';

/** A goods reward; its id. */
export async function insertGoods(
  q: Sql,
  r: {
    userId: number;
    quantity: number;
    productId: number;
    name: string;
    description: string;
    imageUrl: string | null;
    source: string;
  },
): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO rewards (user_id, type, amount, good_id, name, description, image_url, source)
     VALUES ($1, 'goods', $2, $3, $4, $5, $6, $7) RETURNING id`,
    [r.userId, r.quantity, r.productId, r.name, r.description, r.imageUrl, r.source],
  );
  return Number(rows[0]!.id);
}

/** A token reward; its id. */
export async function insertToken(
  q: Sql,
  r: {
    userId: number;
    token: string;
    amount: string;
    currencyId: number;
    name: string;
    description: string;
    source: string;
  },
): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO rewards (user_id, type, token, amount, currency_id, name, description, source)
     VALUES ($1, 'token', $2, $3::numeric, $4, $5, $6, $7) RETURNING id`,
    [r.userId, r.token, r.amount, r.currencyId, r.name, r.description, r.source],
  );
  return Number(rows[0]!.id);
}

export async function rewardOf(
  q: Sql,
  userId: number,
  rewardId: number,
  type: 'goods' | 'token',
): Promise<RewardRow | undefined> {
  const rows = await q.query<RewardRow>(
    `SELECT ${COLUMNS} FROM rewards WHERE id = $1 AND user_id = $2 AND type = $3`,
    [rewardId, userId, type],
  );
  return rows[0];
}

export async function unclaimedGoods(
  q: Sql,
  userId: number,
): Promise<{ id: number; good_id: number; name: string; image_url: string | null }[]> {
  return q.query<{ id: number; good_id: number; name: string; image_url: string | null }>(
    `SELECT id, good_id, name, image_url FROM rewards
         WHERE user_id = $1 AND type = 'goods' AND claimed_at IS NULL ORDER BY id LIMIT 1000`,
    [userId],
  );
}

export async function tokenRewardsOf(q: Sql, userId: number): Promise<RewardRow[]> {
  return q.query<RewardRow>(
    `SELECT ${COLUMNS} FROM rewards WHERE user_id = $1 AND type = 'token' ORDER BY id DESC LIMIT 1000`,
    [userId],
  );
}

export async function tokenTotals(
  q: Sql,
  userId: number,
): Promise<{ total: string; count: number; claimable: string }> {
  const rows = await q.query<{ total: string; count: number; claimable: string }>(
    `SELECT COALESCE(sum(amount), 0)::text AS total, count(*)::int AS count,
                COALESCE(sum(amount) FILTER (WHERE status IS NULL), 0)::text AS claimable
         FROM rewards WHERE user_id = $1 AND type = 'token'`,
    [userId],
  );
  return rows[0]!;
}

/** Marks an unclaimed goods reward claimed; what it grants, or undefined when it was not claimable. */
export async function claimGoods(
  tx: Sql,
  rewardId: number,
  userId: number,
): Promise<{ good_id: number; amount: string } | undefined> {
  const rows = await tx.query<{ good_id: number; amount: string }>(
    `UPDATE rewards SET status = 'success', claimed_at = now()
           WHERE id = $1 AND user_id = $2 AND type = 'goods' AND claimed_at IS NULL
           RETURNING good_id, amount::text AS amount`,
    [rewardId, userId],
  );
  return rows[0];
}

/** A token reward not acted on yet becomes 'pending' with the action; false when it was not. */
export async function startTokenAction(
  q: Sql,
  rewardId: number,
  userId: number,
  action: 'claim' | 'burn',
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE rewards SET status = 'pending', action = $3, claimed_at = now()
         WHERE id = $1 AND user_id = $2 AND type = 'token' AND status IS NULL RETURNING id`,
    [rewardId, userId, action],
  );
  return rows.length > 0;
}

/** A pending token reward becomes 'success' with the hash; false when it was not pending. */
export async function completeTokenAction(q: Sql, rewardId: number, hash: string | null): Promise<boolean> {
  const rows = await q.query(
    `UPDATE rewards SET status = 'success', hash = $2 WHERE id = $1 AND type = 'token' AND status = 'pending'
         RETURNING id`,
    [rewardId, hash],
  );
  return rows.length > 0;
}
