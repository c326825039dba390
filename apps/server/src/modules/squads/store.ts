/** The SQL of the `squads` table (see db/owners.ts), each function taking the database or a transaction. */
import type { SquadRef } from '@pixel-wall/shared';
import type { Sql } from '../../db/client.ts';

interface SquadRefRow {
  id: number;
  name: string;
  logo: string | null;
  slug: string;
  template_x: number | null;
  template_y: number | null;
}

/** The squad as a player's profile shows it; undefined when there is no such squad. */
export async function findSquadRef(q: Sql, squadId: number): Promise<SquadRef | undefined> {
  const rows = await q.query<SquadRefRow>(
    'SELECT id, name, logo, slug, template_x, template_y FROM squads WHERE id = $1',
    [squadId],
  );
  const r = rows[0];
  return r
    ? { id: r.id, name: r.name, logo: r.logo, slug: r.slug, templateX: r.template_x, templateY: r.template_y }
    : undefined;
}

export async function squadExists(q: Sql, squadId: number): Promise<boolean> {
  const squad = await q.query('SELECT 1 FROM squads WHERE id = $1', [squadId]);
  return squad.length > 0;
}

/**
 * Sets each squad's total to the lifetime repaints of its current members, in one statement under
 * the squad rows' locks (see OWNER_EXCEPTIONS in db/owners.ts).
 */
export async function recomputeTotals(tx: Sql, squadIds: readonly number[]): Promise<void> {
  if (squadIds.length === 0) return;
  await tx.query(
    `UPDATE squads s SET total_repaints =
         (SELECT COALESCE(sum(u.repaints), 0) FROM users u WHERE u.squad_id = s.id)
       WHERE s.id = ANY($1::int[])`,
    [[...squadIds].sort((a, b) => a - b)],
  );
}

/** The new squad's id; undefined when the slug is taken. */
export async function insertSquad(
  q: Sql,
  body: { name: string; slug: string; logo: string | null },
): Promise<number | undefined> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO squads (name, slug, logo) VALUES ($1, $2, $3)
         ON CONFLICT (slug) DO NOTHING RETURNING id`,
    [body.name, body.slug, body.logo],
  );
  return rows[0]?.id;
}

export interface SquadRow {
  id: number;
  name: string;
  slug: string;
  logo: string | null;
  scored_repaints: number | string;
  total_repaints: number | string;
}

export async function squadsById(q: Sql, ids: readonly number[]): Promise<SquadRow[]> {
  return q.query<SquadRow>(
    `SELECT s.id, s.name, s.slug, s.logo, s.scored_repaints, s.total_repaints
       FROM squads s WHERE s.id = ANY($1::int[])`,
    [ids],
  );
}

/** Scored repaints of squads, in id order after `after` (the board rebuild). */
export async function squadScoresAfter(
  q: Sql,
  after: number,
  limit: number,
): Promise<{ id: number | string; score: number | string }[]> {
  return q.query<{ id: number | string; score: number | string }>(
    `SELECT id, scored_repaints AS score FROM squads
               WHERE scored_repaints > 0 AND id > $1 ORDER BY id LIMIT $2`,
    [after, limit],
  );
}
