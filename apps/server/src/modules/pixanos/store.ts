/** The SQL of `pixanos_events` (see db/owners.ts), each function taking the database or a transaction. */
import type { Sql } from '../../db/client.ts';

export interface EventRow {
  id: number;
  user_id: number;
  seed: number;
  percentage: number;
  color: number;
  pixels: number;
  painted_ms: number;
  materialized_pixels?: number;
}

/** Records a snap; its id. */
export async function insertEvent(
  tx: Sql,
  e: { userId: number; seed: number; percentage: number; color: number; pixels: number; paintedMs: number },
): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO pixanos_events (user_id, seed, percentage, color, pixels, painted_ms)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [e.userId, e.seed, e.percentage, e.color, e.pixels, e.paintedMs],
  );
  return Number(rows[0]!.id);
}

/** Snaps whose pixels are not all in the pixels table yet, oldest first. */
export async function pendingEvents(q: Sql): Promise<EventRow[]> {
  return q.query<EventRow>(
    `SELECT id, user_id, seed, percentage, color, painted_ms, materialized_pixels FROM pixanos_events
     WHERE materialized_at IS NULL ORDER BY painted_ms, id`,
  );
}

export async function setMaterializedPixels(tx: Sql, eventId: number, done: number): Promise<void> {
  await tx.query('UPDATE pixanos_events SET materialized_pixels = $2 WHERE id = $1', [eventId, done]);
}

export async function markMaterialized(q: Sql, eventId: number): Promise<void> {
  await q.query('UPDATE pixanos_events SET materialized_at = now() WHERE id = $1', [eventId]);
}

/** Every snap, newest first. */
export async function historyPage(q: Sql, limit: number, offset: number): Promise<EventRow[]> {
  return q.query<EventRow>(
    `SELECT e.id, e.user_id, e.seed, e.percentage, e.color, e.pixels, e.painted_ms
         FROM pixanos_events e
         ORDER BY e.painted_ms DESC, e.id DESC LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
}

export async function eventCount(q: Sql): Promise<number> {
  const total = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM pixanos_events');
  return total[0]?.n ?? 0;
}

export interface SnapperRow {
  user_id: number;
  snaps: number;
  pixels: number;
  last_color: number;
  last_ms: number;
}

/** Snappers ranked by pixels repainted with snaps. */
export async function snapperPage(q: Sql, limit: number, offset: number): Promise<SnapperRow[]> {
  return q.query<SnapperRow>(
    `WITH per AS (
           SELECT user_id, count(*)::int AS snaps, sum(pixels)::bigint AS pixels, min(painted_ms) AS first_ms,
                  max(painted_ms) AS last_ms,
                  (array_agg(color ORDER BY painted_ms DESC, id DESC))[1] AS last_color
           FROM pixanos_events GROUP BY user_id)
         SELECT per.user_id, per.snaps, per.pixels, per.last_color, per.last_ms
         FROM per
         ORDER BY per.pixels DESC, per.first_ms ASC, per.user_id ASC LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
}

export async function snapperCount(q: Sql): Promise<number> {
  const total = await q.query<{ n: number }>('SELECT count(DISTINCT user_id)::int AS n FROM pixanos_events');
  return total[0]?.n ?? 0;
}
