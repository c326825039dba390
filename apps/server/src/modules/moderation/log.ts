/** The moderation audit log: written inside the transaction of the change it records. */
import type { ModerationLog, ModerationLogQuery } from '@pixel-wall/shared';
import type { Sql } from '../../db/client.ts';
import { playerCards } from '../users/store.ts';
import { parseRole } from './roles.ts';
import { logCount, logPage } from './store.ts';

export { type LogEntryInput, writeLogEntry } from './store.ts';

/** Newest first; `targetId` narrows to one player (served by the (target_id, created_at) index). */
export async function readLog(db: Pick<Sql, 'query'>, q: ModerationLogQuery): Promise<ModerationLog> {
  const target = q.targetId ?? null;
  const [rows, total] = await Promise.all([logPage(db, target, q.limit, q.offset), logCount(db, target)]);
  const names = await playerCards(
    db,
    rows.flatMap((r) => [Number(r.actor_id), Number(r.target_id)]),
  );
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      actor: { id: Number(r.actor_id), firstName: names.get(Number(r.actor_id))?.first_name ?? '' },
      target: { id: Number(r.target_id), firstName: names.get(Number(r.target_id))?.first_name ?? '' },
      action: r.action,
      role: r.role === null ? null : parseRole(r.role),
      reason: r.reason,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    total,
  };
}
