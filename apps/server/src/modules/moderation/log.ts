/** The moderation audit log: written inside the transaction of the change it records. */
import type { ModerationActionKind, ModerationLog, ModerationLogQuery, PlayerRole } from '@pixel-wall/shared';
import type { Sql } from '../../db/client.ts';
import { parseRole } from './roles.ts';

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

interface LogRow {
  id: number;
  actor_id: number;
  actor_name: string | null;
  target_id: number;
  target_name: string | null;
  action: ModerationActionKind;
  role: string | null;
  reason: string | null;
  created_at: string | Date;
}

/** Newest first; `targetId` narrows to one player (served by the (target_id, created_at) index). */
export async function readLog(db: Pick<Sql, 'query'>, q: ModerationLogQuery): Promise<ModerationLog> {
  const target = q.targetId ?? null;
  const [rows, counted] = await Promise.all([
    db.query<LogRow>(
      `SELECT l.id, l.actor_id, a.first_name AS actor_name, l.target_id, t.first_name AS target_name,
              l.action, l.role, l.reason, l.created_at
       FROM moderation_log l
       LEFT JOIN users a ON a.id = l.actor_id
       LEFT JOIN users t ON t.id = l.target_id
       WHERE $1::bigint IS NULL OR l.target_id = $1::bigint
       ORDER BY l.created_at DESC, l.id DESC
       LIMIT $2 OFFSET $3`,
      [target, q.limit, q.offset],
    ),
    db.query<{ total: number }>(
      'SELECT count(*)::int AS total FROM moderation_log WHERE $1::bigint IS NULL OR target_id = $1::bigint',
      [target],
    ),
  ]);
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      actor: { id: Number(r.actor_id), firstName: r.actor_name ?? '' },
      target: { id: Number(r.target_id), firstName: r.target_name ?? '' },
      action: r.action,
      role: r.role === null ? null : parseRole(r.role),
      reason: r.reason,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    total: counted[0]?.total ?? 0,
  };
}
