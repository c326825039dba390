/** The SQL of `session_families` and `refresh_tokens` (see db/owners.ts), each function taking the database or a transaction. */
import type { Sql } from '../../db/client.ts';

export async function insertFamily(tx: Sql, familyId: string, userId: number, dev: boolean): Promise<void> {
  await tx.query('INSERT INTO session_families (id, user_id, dev) VALUES ($1, $2, $3)', [
    familyId,
    userId,
    dev,
  ]);
}

/** Revoked, or unknown (undefined). */
export async function familyRevoked(q: Sql, familyId: string): Promise<boolean | undefined> {
  const rows = await q.query<{ revoked: boolean }>(
    'SELECT revoked_at IS NOT NULL AS revoked FROM session_families WHERE id = $1',
    [familyId],
  );
  return rows[0]?.revoked;
}

export async function revokeFamily(tx: Sql, familyId: string): Promise<void> {
  await tx.query('UPDATE session_families SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [
    familyId,
  ]);
}

/** Revokes every open family of the player; their ids. */
export async function revokeUserFamilies(q: Sql, userId: number): Promise<{ id: string }[]> {
  return q.query<{ id: string }>(
    'UPDATE session_families SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL RETURNING id',
    [userId],
  );
}

export async function insertRefresh(
  tx: Sql,
  tokenHash: string,
  familyId: string,
  userId: number,
  expiresMs: number,
): Promise<void> {
  await tx.query(
    `INSERT INTO refresh_tokens (token_hash, family_id, user_id, expires_at)
       VALUES ($1, $2, $3, to_timestamp($4 / 1000.0))`,
    [tokenHash, familyId, userId, expiresMs],
  );
}

export interface RotatedRow {
  family_id: string;
  user_id: number;
  expired: boolean;
  revoked: boolean;
  dev: boolean;
}

/**
 * Marks the refresh token rotated in the same statement that reads it, so two concurrent refreshes
 * with one token resolve to one winner; undefined when it is unknown or rotated already.
 */
export async function rotateRefresh(tx: Sql, tokenHash: string): Promise<RotatedRow | undefined> {
  const rotated = await tx.query<RotatedRow>(
    `UPDATE refresh_tokens AS r SET rotated_at = now()
           FROM session_families AS f
           WHERE r.token_hash = $1 AND r.rotated_at IS NULL AND f.id = r.family_id
           RETURNING r.family_id, r.user_id, r.expires_at <= now() AS expired,
             f.revoked_at IS NOT NULL AS revoked, f.dev`,
    [tokenHash],
  );
  return rotated[0];
}

export async function familyOfRefresh(tx: Sql, tokenHash: string): Promise<string | undefined> {
  const known = await tx.query<{ family_id: string }>(
    'SELECT family_id FROM refresh_tokens WHERE token_hash = $1',
    [tokenHash],
  );
  return known[0]?.family_id;
}
