/** The SQL of `hidden_rounds` and `hidden_pixels` (see db/owners.ts), each function taking the database or a transaction. */
import type { Sql } from '../../db/client.ts';

/** Serialises new rounds on every instance until the transaction ends. */
export async function lockRounds(tx: Sql, key: number): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [key]);
}

export async function anyRound(tx: Sql): Promise<boolean> {
  const any = await tx.query('SELECT id FROM hidden_rounds LIMIT 1');
  return any.length > 0;
}

export async function deactivateRounds(tx: Sql): Promise<void> {
  await tx.query('UPDATE hidden_rounds SET active = false WHERE active');
}

/** A new active round with its template pixels; its id. */
export async function insertRound(
  tx: Sql,
  r: {
    x: number;
    y: number;
    source: 'seed' | 'operator';
    poolPx: number;
    awards: number;
    createdBy: number | null;
    pixelIds: readonly number[];
    colors: readonly number[];
  },
): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO hidden_rounds (x, y, source, pool_px, awards, created_by)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [r.x, r.y, r.source, r.poolPx, r.awards, r.createdBy],
  );
  const id = Number(rows[0]!.id);
  await tx.query(
    `INSERT INTO hidden_pixels (round_id, pixel_id, color)
         SELECT $1, t.pid, t.color FROM unnest($2::int[], $3::smallint[]) AS t(pid, color)`,
    [id, r.pixelIds, r.colors],
  );
  return id;
}

export async function activeRound(q: Sql): Promise<{ id: number; x: number; y: number } | undefined> {
  const rows = await q.query<{ id: number; x: number; y: number }>(
    'SELECT id, x, y FROM hidden_rounds WHERE active',
  );
  return rows[0];
}

/**
 * The round's template pixels (ids and colours, in the same order) and the ids of those already won.
 * Read at every start: as 4,096 rows the embedded database's row parser took ~80 ms of it, as three
 * comma-separated lists ~15.
 */
export async function roundPixels(
  q: Sql,
  roundId: number,
): Promise<{ pixelIds: number[]; colors: number[]; taken: number[] }> {
  const rows = await q.query<{ pixel_ids: string | null; colors: string | null; taken: string | null }>(
    `SELECT string_agg(pixel_id::text, ',' ORDER BY pixel_id) AS pixel_ids,
            string_agg(color::text, ',' ORDER BY pixel_id) AS colors,
            string_agg(pixel_id::text, ',') FILTER (WHERE winner_id IS NOT NULL) AS taken
       FROM hidden_pixels WHERE round_id = $1`,
    [roundId],
  );
  const list = (s: string | null | undefined) => (s ? s.split(',').map(Number) : []);
  const r = rows[0];
  return { pixelIds: list(r?.pixel_ids), colors: list(r?.colors), taken: list(r?.taken) };
}

/** Gives the pixel to the player if it is still unwon, the colour is right and the round active. */
export async function takePixel(
  tx: Sql,
  userId: number,
  roundId: number,
  pixelId: number,
  color: number,
): Promise<boolean> {
  const hit = await tx.query(
    `UPDATE hidden_pixels SET winner_id = $1, won_at = now()
         WHERE round_id = $2 AND pixel_id = $3 AND color = $4 AND winner_id IS NULL
           AND EXISTS (SELECT 1 FROM hidden_rounds WHERE id = $2 AND active)
         RETURNING pixel_id`,
    [userId, roundId, pixelId, color],
  );
  return hit.length > 0;
}

export async function setReward(tx: Sql, rewardId: number, roundId: number, pixelId: number): Promise<void> {
  await tx.query('UPDATE hidden_pixels SET reward_id = $1 WHERE round_id = $2 AND pixel_id = $3', [
    rewardId,
    roundId,
    pixelId,
  ]);
}

/** Pixels found in the round, and how many of them by `userId`. */
export async function roundFinds(
  q: Sql,
  roundId: number,
  userId: number,
): Promise<{ found: number; mine: number } | undefined> {
  const rows = await q.query<{ found: number; mine: number }>(
    `SELECT count(*) FILTER (WHERE winner_id IS NOT NULL)::int AS found,
                count(*) FILTER (WHERE winner_id = $2)::int AS mine
         FROM hidden_pixels WHERE round_id = $1`,
    [roundId, userId],
  );
  return rows[0];
}

/** Winners of the round by pixels found (then earliest last find). */
export async function winnersPage(
  q: Sql,
  roundId: number,
  limit: number,
  offset: number,
): Promise<{ id: number; n: number }[]> {
  return q.query<{ id: number; n: number }>(
    `SELECT w.winner_id AS id, w.n FROM (
           SELECT winner_id, count(*)::int AS n, max(won_at) AS last
           FROM hidden_pixels WHERE round_id = $1 AND winner_id IS NOT NULL GROUP BY winner_id
         ) w
         ORDER BY w.n DESC, w.last ASC, w.winner_id ASC LIMIT $2 OFFSET $3`,
    [roundId, limit, offset],
  );
}

export async function winnerCount(q: Sql, roundId: number): Promise<number> {
  const total = await q.query<{ n: number }>(
    `SELECT count(DISTINCT winner_id)::int AS n FROM hidden_pixels
         WHERE round_id = $1 AND winner_id IS NOT NULL`,
    [roundId],
  );
  return total[0]?.n ?? 0;
}
