/** The SQL of `tournament_rounds` and `tournament_scores` (see db/owners.ts), each function taking the database or a transaction. */
import type { Sql } from '../../db/client.ts';

export interface ScoreRow {
  template_id: number;
  owner_id: number;
  matched: number;
  total: number;
}

/** The latest scored round (that one when `preferred` is given; only final ones with `finalOnly`). */
export async function latestScoredRound(
  q: Sql,
  preferred: number | null,
  finalOnly: boolean,
): Promise<{ round_id: number; final: boolean; ms: number } | undefined> {
  const rows = await q.query<{ round_id: number; final: boolean; ms: number }>(
    `SELECT round_id, final, (extract(epoch from scored_at) * 1000)::float8 AS ms FROM tournament_rounds
       WHERE ($1::int IS NULL OR round_id = $1) AND ($2::boolean = false OR final)
       ORDER BY round_id DESC LIMIT 1`,
    [preferred, finalOnly],
  );
  return rows[0];
}

/** A page of a round's scores, best first, and how many there are. */
export async function standingsPage(
  q: Sql,
  roundId: number,
  limit: number,
  offset: number,
): Promise<{ rows: ScoreRow[]; total: number }> {
  const [rows, totals] = await Promise.all([
    q.query<ScoreRow>(
      `SELECT template_id, owner_id, matched, total FROM tournament_scores WHERE round_id = $1
         ORDER BY matched DESC, template_id ASC LIMIT $2 OFFSET $3`,
      [roundId, limit, offset],
    ),
    q.query<{ n: number }>('SELECT count(*)::int AS n FROM tournament_scores WHERE round_id = $1', [roundId]),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** The player's entries with their place in the round, newest round first. */
export async function resultsOf(
  q: Sql,
  userId: number,
): Promise<(ScoreRow & { round_id: number; final: boolean; rank: number })[]> {
  return q.query<ScoreRow & { round_id: number; final: boolean; rank: number }>(
    `SELECT s.round_id, s.template_id, s.matched, s.total, COALESCE(r.final, false) AS final,
           (SELECT count(*)::int + 1 FROM tournament_scores o
             WHERE o.round_id = s.round_id
               AND (o.matched > s.matched OR (o.matched = s.matched AND o.template_id < s.template_id))) AS rank
         FROM tournament_scores s LEFT JOIN tournament_rounds r ON r.round_id = s.round_id
         WHERE s.owner_id = $1 ORDER BY s.round_id DESC LIMIT 100`,
    [userId],
  );
}

export async function roundIsFinal(q: Sql, roundId: number): Promise<boolean> {
  const rows = await q.query<{ final: boolean }>('SELECT final FROM tournament_rounds WHERE round_id = $1', [
    roundId,
  ]);
  return rows[0]?.final === true;
}

export async function saveScores(
  q: Sql,
  roundId: number,
  batch: readonly { id: number; owner: number; matched: number; total: number }[],
): Promise<void> {
  await q.query(
    `INSERT INTO tournament_scores (round_id, template_id, owner_id, matched, total)
         SELECT $1, t, o, m, n FROM unnest($2::bigint[], $3::bigint[], $4::int[], $5::int[]) AS u(t, o, m, n)
         ON CONFLICT (round_id, template_id) DO UPDATE SET matched = EXCLUDED.matched, total = EXCLUDED.total`,
    [
      roundId,
      batch.map((b) => b.id),
      batch.map((b) => b.owner),
      batch.map((b) => b.matched),
      batch.map((b) => b.total),
    ],
  );
}

/** Records a scoring pass of the round; a final round stays as it was. */
export async function saveRound(
  q: Sql,
  r: { roundId: number; scoredAt: number; scoredBy: string; final: boolean; templates: number },
): Promise<void> {
  await q.query(
    `INSERT INTO tournament_rounds (round_id, scored_at, scored_by, final, templates)
       VALUES ($1, to_timestamp($2 / 1000.0), $3, $4, $5)
       ON CONFLICT (round_id) DO UPDATE SET scored_at = EXCLUDED.scored_at, scored_by = EXCLUDED.scored_by,
         final = EXCLUDED.final, templates = EXCLUDED.templates
       WHERE NOT tournament_rounds.final`,
    [r.roundId, r.scoredAt, r.scoredBy, r.final, r.templates],
  );
}
