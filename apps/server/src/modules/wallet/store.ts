/**
 * The SQL of the wallet tables (ton_proof_payloads, ton_proof_guard, ton_captchas,
 * ton_verified_wallets, ton_user_wallets; see db/owners.ts), each function taking the database or
 * a transaction. Times are ISO strings.
 */
import type { Sql } from '../../db/client.ts';

export interface GuardRow {
  failures: number;
  passed: boolean;
  captcha_wallet: string | null;
}

/** The player's failed-proof guard; `passed` when a captcha was solved after `passedSince`. */
export async function guardOf(q: Sql, userId: number, passedSince: string): Promise<GuardRow | undefined> {
  const rows = await q.query<GuardRow>(
    `SELECT failures, (captcha_passed_at IS NOT NULL AND captcha_passed_at > $2) AS passed, captcha_wallet
       FROM ton_proof_guard WHERE user_id = $1`,
    [userId, passedSince],
  );
  return rows[0];
}

export async function recordFailure(q: Sql, userId: number, at: string): Promise<void> {
  await q.query(
    `INSERT INTO ton_proof_guard (user_id, failures, last_failure_at) VALUES ($1, 1, $2)
       ON CONFLICT (user_id) DO UPDATE SET failures = ton_proof_guard.failures + 1,
         last_failure_at = EXCLUDED.last_failure_at, captcha_passed_at = NULL, captcha_wallet = NULL`,
    [userId, at],
  );
}

export async function forgetCaptchaPass(q: Sql, userId: number): Promise<void> {
  await q.query(
    'UPDATE ton_proof_guard SET captcha_passed_at = NULL, captcha_wallet = NULL WHERE user_id = $1',
    [userId],
  );
}

export async function resetGuard(q: Sql, userId: number): Promise<void> {
  await q.query(
    `UPDATE ton_proof_guard SET failures = 0, captcha_passed_at = NULL, captcha_wallet = NULL
           WHERE user_id = $1`,
    [userId],
  );
}

export async function recordCaptchaPass(q: Sql, userId: number, at: string, wallet: string): Promise<void> {
  await q.query(
    `INSERT INTO ton_proof_guard (user_id, failures, captcha_passed_at, captcha_wallet) VALUES ($1, 0, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET captcha_passed_at = EXCLUDED.captcha_passed_at,
           captcha_wallet = EXCLUDED.captcha_wallet`,
    [userId, at, wallet],
  );
}

/** The player's open captcha (that one when `id` is given), newest first. */
export async function openCaptcha(
  q: Sql,
  userId: number,
  at: string,
  id: string | null,
): Promise<{ id: string; question: string; answer: string } | undefined> {
  const rows = await q.query<{ id: string; question: string; answer: string }>(
    `SELECT id, question, answer FROM ton_captchas
       WHERE user_id = $1 AND closed_at IS NULL AND expires_at > $2 AND ($3::text IS NULL OR id = $3)
       ORDER BY created_at DESC LIMIT 1`,
    [userId, at, id],
  );
  return rows[0];
}

export async function insertCaptcha(
  q: Sql,
  c: { id: string; userId: number; question: string; answer: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await q.query(
    `INSERT INTO ton_captchas (id, user_id, question, answer, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
    [c.id, c.userId, c.question, c.answer, c.createdAt, c.expiresAt],
  );
}

/** Closes an open captcha; false when it was closed already. */
export async function closeCaptcha(q: Sql, id: string, at: string, solved: boolean): Promise<boolean> {
  const closed = await q.query(
    'UPDATE ton_captchas SET closed_at = $2, solved = $3 WHERE id = $1 AND closed_at IS NULL RETURNING id',
    [id, at, solved],
  );
  return closed.length > 0;
}

export async function dropExpiredPayloads(q: Sql, before: string): Promise<void> {
  await q.query('DELETE FROM ton_proof_payloads WHERE expires_at < $1', [before]);
}

export async function insertPayload(
  q: Sql,
  payload: string,
  userId: number,
  createdAt: string,
  expiresAt: string,
): Promise<void> {
  await q.query(
    'INSERT INTO ton_proof_payloads (payload, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
    [payload, userId, createdAt, expiresAt],
  );
}

/** Marks the player's payload used if it was issued to them, unused and not expired; null otherwise. */
export async function spendPayload(
  q: Sql,
  payload: string,
  userId: number,
  at: string,
): Promise<string | null> {
  const spent = await q.query<{ payload: string }>(
    `UPDATE ton_proof_payloads SET used_at = $3
         WHERE payload = $1 AND user_id = $2 AND used_at IS NULL AND expires_at > $3 RETURNING payload`,
    [payload, userId, at],
  );
  return spent[0]?.payload ?? null;
}

export async function saveVerifiedWallet(
  q: Sql,
  w: {
    userId: number;
    address: string;
    network: string;
    publicKey: string;
    walletVersion: string;
    verifiedAt: string;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO ton_verified_wallets (user_id, address, network, public_key, wallet_version, verified_at)
           VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (user_id, address) DO UPDATE SET network = EXCLUDED.network,
             public_key = EXCLUDED.public_key, wallet_version = EXCLUDED.wallet_version,
             verified_at = EXCLUDED.verified_at`,
    [w.userId, w.address, w.network, w.publicKey, w.walletVersion, w.verifiedAt],
  );
}

export async function isVerified(q: Sql, userId: number, address: string): Promise<boolean> {
  const verified = await q.query<{ address: string }>(
    'SELECT address FROM ton_verified_wallets WHERE user_id = $1 AND address = $2',
    [userId, address],
  );
  return verified.length > 0;
}

export async function connectWallet(q: Sql, userId: number, address: string, at: string): Promise<void> {
  await q.query(
    `INSERT INTO ton_user_wallets (user_id, address, connected_at) VALUES ($1, $2, $3)
           ON CONFLICT (user_id) DO UPDATE SET address = EXCLUDED.address, connected_at = EXCLUDED.connected_at`,
    [userId, address, at],
  );
}

export async function connectedAddress(q: Sql, userId: number): Promise<string | null> {
  const rows = await q.query<{ address: string }>('SELECT address FROM ton_user_wallets WHERE user_id = $1', [
    userId,
  ]);
  return rows[0]?.address ?? null;
}

export async function disconnectWallet(q: Sql, userId: number): Promise<void> {
  await q.query('DELETE FROM ton_user_wallets WHERE user_id = $1', [userId]);
}
