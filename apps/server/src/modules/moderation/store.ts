/** The SQL of `moderation_log` (see db/owners.ts), each function taking the database or a transaction. */
import type { ModerationActionKind, PlayerRole } from '@pixel-wall/shared';
import type { Sql } from '../../db/client.ts';

export interface LogEntryInput {
  actorId: number;
  targetId: number;
  action: ModerationActionKind;
  /** the role given by a 'role' action */
  role?: PlayerRole;
  reason: string | null;
}

export async function writeLogEntry(tx: Pick<Sql, 'query'>, e: LogEntryInput): Promise<void> {
  await tx.query(
    'INSERT INTO moderation_log (actor_id, target_id, action, role, reason) VALUES ($1, $2, $3, $4, $5)',
    [e.actorId, e.targetId, e.action, e.role ?? null, e.reason],
  );
}

export interface LogRow {
  id: number;
  actor_id: number;
  target_id: number;
  action: ModerationActionKind;
  role: string | null;
  reason: string | null;
  created_at: string | Date;
}

/** A page of the log, newest first; `target` narrows to one player. */
export async function logPage(
  q: Sql,
  target: number | null,
  limit: number,
  offset: number,
): Promise<LogRow[]> {
  return q.query<LogRow>(
    `SELECT l.id, l.actor_id, l.target_id, l.action, l.role, l.reason, l.created_at
       FROM moderation_log l
       WHERE $1::bigint IS NULL OR l.target_id = $1::bigint
       ORDER BY l.created_at DESC, l.id DESC
       LIMIT $2 OFFSET $3`,
    [target, limit, offset],
  );
}

export async function logCount(q: Sql, target: number | null): Promise<number> {
  const counted = await q.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM moderation_log WHERE $1::bigint IS NULL OR target_id = $1::bigint',
    [target],
  );
  return counted[0]?.total ?? 0;
}
