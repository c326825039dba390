/** The SQL of `templates` and `template_subscriptions` (see db/owners.ts), each function taking the database or a transaction. */
import type { Sql } from '../../db/client.ts';

export type TemplateKind = 'personal' | 'tournament';

export interface TemplateRow {
  id: number;
  owner_id: number;
  kind: TemplateKind;
  round_id: number | null;
  x: number;
  y: number;
  width: number;
  height: number;
  opaque: number;
  version: number;
  subscribers: number;
  updated_at: string | Date;
}

const COLUMNS = 'id, owner_id, kind, round_id, x, y, width, height, opaque, version, subscribers, updated_at';

export async function templateById(q: Sql, id: number): Promise<TemplateRow | undefined> {
  const rows = await q.query<TemplateRow>(`SELECT ${COLUMNS} FROM templates WHERE id = $1`, [id]);
  return rows[0];
}

/** The player's template of a kind (and round), locked for a new upload. */
export async function lockOwnTemplate(
  tx: Sql,
  userId: number,
  kind: TemplateKind,
  roundId: number | null,
): Promise<{ id: number; x: number; y: number } | undefined> {
  const existing = await tx.query<{ id: number; x: number; y: number }>(
    `SELECT id, x, y FROM templates WHERE owner_id = $1 AND kind = $2
           AND round_id IS NOT DISTINCT FROM $3 FOR UPDATE`,
    [userId, kind, roundId],
  );
  return existing[0];
}

export interface TemplatePicture {
  x: number;
  y: number;
  width: number;
  height: number;
  indices: Uint8Array;
  png: Uint8Array;
  opaque: number;
}

const pictureParams = (p: TemplatePicture) => [p.x, p.y, p.width, p.height, p.indices, p.png, p.opaque];

/** A new picture for template `id`, version bumped. */
export async function replacePicture(tx: Sql, id: number, p: TemplatePicture): Promise<TemplateRow> {
  const rows = await tx.query<TemplateRow>(
    `UPDATE templates SET x = $2, y = $3, width = $4, height = $5, pixels = $6, png = $7, opaque = $8,
               version = version + 1, updated_at = now()
             WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, ...pictureParams(p)],
  );
  return rows[0]!;
}

export async function insertTemplate(
  tx: Sql,
  userId: number,
  kind: TemplateKind,
  roundId: number | null,
  p: TemplatePicture,
): Promise<TemplateRow> {
  const rows = await tx.query<TemplateRow>(
    `INSERT INTO templates (owner_id, kind, round_id, x, y, width, height, pixels, png, opaque)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${COLUMNS}`,
    [userId, kind, roundId, ...pictureParams(p)],
  );
  return rows[0]!;
}

/** A page of the templates matching `where` (SQL over `params`), most followed first, and their count. */
export async function templatePage(
  q: Sql,
  where: string,
  params: unknown[],
  limit: number,
  offset: number,
): Promise<{ rows: TemplateRow[]; total: number }> {
  const [rows, totals] = await Promise.all([
    q.query<TemplateRow>(
      `SELECT ${COLUMNS} FROM templates WHERE ${where}
         ORDER BY subscribers DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM templates WHERE ${where}`, params),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** The template the player follows of a kind. */
export async function subscribedTemplate(
  q: Sql,
  userId: number,
  kind: TemplateKind,
): Promise<TemplateRow | undefined> {
  const rows = await q.query<TemplateRow>(
    `SELECT ${COLUMNS.split(', ')
      .map((c) => `t.${c}`)
      .join(', ')}
       FROM template_subscriptions s JOIN templates t ON t.id = s.template_id
       WHERE s.user_id = $1 AND s.kind = $2`,
    [userId, kind],
  );
  return rows[0];
}

/** The player's own (personal) template. */
export async function personalTemplateOf(q: Sql, userId: number): Promise<TemplateRow | undefined> {
  const rows = await q.query<TemplateRow>(
    `SELECT ${COLUMNS} FROM templates WHERE owner_id = $1 AND kind = 'personal'`,
    [userId],
  );
  return rows[0];
}

export async function templatesById(q: Sql, ids: readonly number[]): Promise<TemplateRow[]> {
  return q.query<TemplateRow>(`SELECT ${COLUMNS} FROM templates WHERE id = ANY($1::bigint[])`, [[...ids]]);
}

/** Up to `limit` entries of a round in random order, and how many it has. */
export async function randomRoundEntries(
  q: Sql,
  roundId: number,
  limit: number,
): Promise<{ rows: TemplateRow[]; total: number }> {
  const [rows, totals] = await Promise.all([
    q.query<TemplateRow>(
      `SELECT ${COLUMNS} FROM templates WHERE kind = 'tournament' AND round_id = $1 ORDER BY random() LIMIT $2`,
      [roundId, limit],
    ),
    q.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM templates WHERE kind = 'tournament' AND round_id = $1",
      [roundId],
    ),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function lockTemplate(tx: Sql, id: number): Promise<TemplateRow | undefined> {
  const target = await tx.query<TemplateRow>(`SELECT ${COLUMNS} FROM templates WHERE id = $1 FOR UPDATE`, [
    id,
  ]);
  return target[0];
}

/** The template the player follows of a kind, locked; null when none. */
export async function lockSubscription(tx: Sql, userId: number, kind: TemplateKind): Promise<number | null> {
  const before = await tx.query<{ template_id: number }>(
    'SELECT template_id FROM template_subscriptions WHERE user_id = $1 AND kind = $2 FOR UPDATE',
    [userId, kind],
  );
  return before[0] ? Number(before[0].template_id) : null;
}

export async function setSubscription(
  tx: Sql,
  userId: number,
  kind: TemplateKind,
  id: number,
): Promise<void> {
  await tx.query(
    `INSERT INTO template_subscriptions (user_id, kind, template_id) VALUES ($1, $2, $3)
           ON CONFLICT (user_id, kind) DO UPDATE SET template_id = EXCLUDED.template_id, created_at = now()`,
    [userId, kind, id],
  );
}

/** Removes the player's subscription of a kind; the template it named, if any. */
export async function deleteSubscription(
  tx: Sql,
  userId: number,
  kind: TemplateKind,
): Promise<{ template_id: number } | undefined> {
  const gone = await tx.query<{ template_id: number }>(
    'DELETE FROM template_subscriptions WHERE user_id = $1 AND kind = $2 RETURNING template_id',
    [userId, kind],
  );
  return gone[0];
}

export async function dropSubscriber(tx: Sql, id: number): Promise<void> {
  await tx.query('UPDATE templates SET subscribers = GREATEST(0, subscribers - 1) WHERE id = $1', [id]);
}

export async function addSubscriber(tx: Sql, id: number): Promise<TemplateRow> {
  const updated = await tx.query<TemplateRow>(
    `UPDATE templates SET subscribers = subscribers + 1 WHERE id = $1 RETURNING ${COLUMNS}`,
    [id],
  );
  return updated[0]!;
}

export async function worldTemplate(q: Sql): Promise<TemplateRow | undefined> {
  const rows = await q.query<TemplateRow>(`SELECT ${COLUMNS} FROM templates WHERE is_world`);
  return rows[0];
}

export async function clearWorld(tx: Sql): Promise<void> {
  await tx.query('UPDATE templates SET is_world = false WHERE is_world');
}

/** Makes personal template `id` the world template; undefined when there is none. */
export async function setWorld(tx: Sql, id: number): Promise<TemplateRow | undefined> {
  const rows = await tx.query<TemplateRow>(
    `UPDATE templates SET is_world = true WHERE id = $1 AND kind = 'personal' RETURNING ${COLUMNS}`,
    [id],
  );
  return rows[0];
}

export async function templatePng(q: Sql, id: number, version: number): Promise<Uint8Array | null> {
  const rows = await q.query<{ png: Uint8Array }>(
    'SELECT png FROM templates WHERE id = $1 AND version = $2',
    [id, version],
  );
  return rows[0]?.png ?? null;
}

export interface EntryPixelsRow {
  id: number;
  owner_id: number;
  x: number;
  y: number;
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** A round's entries with their pixels, in id order after `after`. */
export async function roundEntriesAfter(
  q: Sql,
  roundId: number,
  after: number,
  batch: number,
): Promise<EntryPixelsRow[]> {
  return q.query<EntryPixelsRow>(
    `SELECT id, owner_id, x, y, width, height, pixels FROM templates
           WHERE kind = 'tournament' AND round_id = $1 AND id > $2 ORDER BY id LIMIT $3`,
    [roundId, after, batch],
  );
}
