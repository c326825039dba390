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

// ── Payouts of token claims (payouts.ts): reward_payouts with the rewards they pay ──

/** Pending burns need no transfer: they are done at once. How many. */
export async function finishBurns(q: Sql): Promise<number> {
  const rows = await q.query(
    `UPDATE rewards SET status = 'success'
       WHERE type = 'token' AND status = 'pending' AND action = 'burn' RETURNING id`,
  );
  return rows.length;
}

/** The payout landed as `hash`: recorded, and the reward done; false when it was not pending. */
export async function markPayoutSent(tx: Sql, rewardId: number, hash: string): Promise<boolean> {
  await tx.query('UPDATE reward_payouts SET tx_hash = $2, updated_at = now() WHERE reward_id = $1', [
    rewardId,
    hash,
  ]);
  const rows = await tx.query(
    `UPDATE rewards SET status = 'success', hash = $2
         WHERE id = $1 AND type = 'token' AND status = 'pending' RETURNING id`,
    [rewardId, hash],
  );
  return rows.length > 0;
}

/** Frees the reservation of message `messageHash`, to retry at `retryAt` (ms). */
export async function releasePayout(
  q: Sql,
  rewardId: number,
  messageHash: string,
  error: string,
  retryAt: number,
): Promise<void> {
  await q.query(
    `UPDATE reward_payouts SET seqno = NULL, message_hash = NULL, raw_hash = NULL, valid_until = NULL,
         last_error = $3, retry_at = $4, updated_at = now()
       WHERE reward_id = $1 AND message_hash = $2`,
    [rewardId, messageHash, error, retryAt],
  );
}

/** Puts off an unreserved payout until `retryAt` (ms) with the reason. */
export async function deferPayout(
  q: Sql,
  rewardId: number,
  toAddress: string | null,
  error: string,
  retryAt: number,
): Promise<void> {
  await q.query(
    `INSERT INTO reward_payouts (reward_id, to_address, last_error, retry_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (reward_id) DO UPDATE SET last_error = EXCLUDED.last_error, retry_at = EXCLUDED.retry_at,
         to_address = COALESCE(EXCLUDED.to_address, reward_payouts.to_address), updated_at = now()
       WHERE reward_payouts.seqno IS NULL`,
    [rewardId, toAddress, error, retryAt],
  );
}

/** Locks the reward if it is still a claim waiting to go. */
export async function lockPendingClaim(tx: Sql, rewardId: number): Promise<boolean> {
  const still = await tx.query(
    `SELECT id FROM rewards WHERE id = $1 AND type = 'token' AND status = 'pending' AND action = 'claim'
         FOR UPDATE`,
    [rewardId],
  );
  return still.length > 0;
}

export interface PayoutReservation {
  toAddress: string;
  destination: string;
  seqno: number;
  messageHash: string;
  rawHash: string;
  validUntil: number;
}

/** Reserves the payout for this message unless one is reserved or sent; whether it won. */
export async function reservePayout(tx: Sql, rewardId: number, p: PayoutReservation): Promise<boolean> {
  const won = await tx.query(
    `INSERT INTO reward_payouts
           (reward_id, to_address, destination, seqno, message_hash, raw_hash, valid_until, attempts)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 1)
         ON CONFLICT (reward_id) DO UPDATE SET to_address = EXCLUDED.to_address,
           destination = EXCLUDED.destination, seqno = EXCLUDED.seqno,
           message_hash = EXCLUDED.message_hash, raw_hash = EXCLUDED.raw_hash,
           valid_until = EXCLUDED.valid_until, attempts = reward_payouts.attempts + 1,
           last_error = NULL, retry_at = NULL, updated_at = now()
         WHERE reward_payouts.seqno IS NULL AND reward_payouts.tx_hash IS NULL
         RETURNING reward_id`,
    [rewardId, p.toAddress, p.destination, p.seqno, p.messageHash, p.rawHash, p.validUntil],
  );
  return won.length > 0;
}

export interface ReservedPayoutRow {
  reward_id: number;
  to_address: string;
  seqno: number;
  message_hash: string;
  raw_hash: string | null;
  valid_until: number;
  destination: string;
}

/** Reservations of rewards still pending, from earlier runs. */
export async function reservedPayouts(q: Sql): Promise<ReservedPayoutRow[]> {
  return q.query<ReservedPayoutRow>(
    `SELECT p.reward_id, p.to_address, p.seqno, p.message_hash, p.raw_hash, p.valid_until, p.destination
       FROM reward_payouts p JOIN rewards r ON r.id = p.reward_id
       WHERE r.status = 'pending' AND p.seqno IS NOT NULL ORDER BY p.reward_id`,
  );
}

export interface PayoutCandidateRow {
  id: number;
  user_id: number;
  amount: string;
  currency_id: number | null;
}

/** Claims waiting to go (never tried, or due for a retry at `now`), oldest first. */
export async function payoutCandidates(q: Sql, now: number, limit: number): Promise<PayoutCandidateRow[]> {
  return q.query<PayoutCandidateRow>(
    `SELECT r.id, r.user_id, r.amount::text AS amount, r.currency_id
       FROM rewards r LEFT JOIN reward_payouts p ON p.reward_id = r.id
       WHERE r.type = 'token' AND r.status = 'pending' AND r.action = 'claim'
         AND (p.reward_id IS NULL
              OR (p.seqno IS NULL AND p.tx_hash IS NULL AND p.batch_id IS NULL
                  AND (p.retry_at IS NULL OR p.retry_at <= $1)))
       ORDER BY r.id LIMIT $2`,
    [now, limit],
  );
}

// ── Batched payouts (payout-batches.ts): payout_batches and their reward_payouts ──

export interface BatchRow {
  id: string;
  query_id: number;
  created_at: string;
  timeout: number;
  boc: string;
  message_hash: string;
  raw_hash: string;
  state: 'recorded' | 'sent';
  last_sent_at: string | null;
}

const OPEN_BATCHES = `SELECT id, query_id, created_at, timeout, boc, message_hash, raw_hash, state, last_sent_at
  FROM payout_batches WHERE wallet = $1 AND state IN ('recorded', 'sent')`;

/** The wallet's batches not settled yet, oldest first. */
export async function openBatches(q: Sql, wallet: string): Promise<BatchRow[]> {
  return q.query<BatchRow>(`${OPEN_BATCHES} ORDER BY id`, [wallet]);
}

export async function openBatch(q: Sql, wallet: string, id: number): Promise<BatchRow | undefined> {
  const [row] = await q.query<BatchRow>(`${OPEN_BATCHES} AND id = $2`, [wallet, id]);
  return row;
}

/** Frees rewards of a batch (all, or those given) for a later batch, to retry at `retryAt` (ms). */
export async function releaseBatch(
  q: Sql,
  batchId: number,
  error: string,
  retryAt: number,
  rewardIds: number[] | null,
): Promise<void> {
  await q.query(
    `UPDATE reward_payouts SET batch_id = NULL, body_hash = NULL, destination = NULL, last_error = $2,
         retry_at = $3, updated_at = now()
       WHERE batch_id = $1 AND tx_hash IS NULL AND ($4::bigint[] IS NULL OR reward_id = ANY($4::bigint[]))`,
    [batchId, error, retryAt, rewardIds],
  );
}

export async function closeBatch(
  q: Sql,
  batchId: number,
  state: 'confirmed' | 'lost',
  hash: string | null,
  error: string | null,
): Promise<void> {
  await q.query(
    `UPDATE payout_batches SET state = $2, tx_hash = $3, last_error = $4, updated_at = now()
       WHERE id = $1 AND state IN ('recorded', 'sent')`,
    [batchId, state, hash, error],
  );
}

/** One more send of an open batch at `at` (ms), with the error it met, if any. */
export async function recordBatchSend(
  q: Sql,
  batchId: number,
  at: number,
  error: string | null,
): Promise<void> {
  await q.query(
    `UPDATE payout_batches SET state = 'sent', sends = sends + 1, last_sent_at = $2, last_error = $3,
         updated_at = now()
       WHERE id = $1 AND state IN ('recorded', 'sent')`,
    [batchId, at, error],
  );
}

/** The rewards of a batch not marked paid yet. */
export async function unpaidBatchItems(
  q: Sql,
  batchId: number,
): Promise<{ reward_id: string; destination: string; body_hash: string }[]> {
  return q.query<{ reward_id: string; destination: string; body_hash: string }>(
    'SELECT reward_id, destination, body_hash FROM reward_payouts WHERE batch_id = $1 AND tx_hash IS NULL',
    [batchId],
  );
}

export async function nextBatchId(q: Sql): Promise<number> {
  const [seq] = await q.query<{ n: string }>("SELECT nextval('payout_batch_seq')::text AS n");
  return Number(seq!.n);
}

export async function insertBatch(
  tx: Sql,
  b: {
    id: number;
    wallet: string;
    queryId: number | bigint;
    createdAt: number;
    timeout: number;
    boc: string;
    messageHash: string;
    rawHash: string;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO payout_batches (id, wallet, query_id, created_at, timeout, boc, message_hash, raw_hash)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [b.id, b.wallet, b.queryId, b.createdAt, b.timeout, b.boc, b.messageHash, b.rawHash],
  );
}

/** Puts the reward into batch `batchId` unless it is batched, reserved or sent; whether it won. */
export async function batchPayout(
  tx: Sql,
  m: { rewardId: number; toAddress: string; destination: string; bodyHash: string },
  batchId: number,
): Promise<boolean> {
  const won = await tx.query(
    `INSERT INTO reward_payouts (reward_id, to_address, destination, body_hash, batch_id, attempts)
                     VALUES ($1, $2, $3, $4, $5, 1)
                     ON CONFLICT (reward_id) DO UPDATE SET to_address = EXCLUDED.to_address,
                       destination = EXCLUDED.destination, body_hash = EXCLUDED.body_hash,
                       batch_id = EXCLUDED.batch_id, attempts = reward_payouts.attempts + 1,
                       last_error = NULL, retry_at = NULL, updated_at = now()
                     WHERE reward_payouts.batch_id IS NULL AND reward_payouts.seqno IS NULL
                       AND reward_payouts.tx_hash IS NULL
                     RETURNING reward_id`,
    [m.rewardId, m.toAddress, m.destination, m.bodyHash, batchId],
  );
  return won.length > 0;
}
