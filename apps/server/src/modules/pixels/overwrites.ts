/**
 * "Sold" pixels: whenever a paint covers a pixel another player owned, that player's row for the
 * pixel records when and by whom. The group commit is handed `pixelOverwrites` (its OverwriteLog)
 * and runs its statement inside each transaction, before the pixels upsert (it reads the owners
 * that upsert replaces).
 */
import type { Statement } from '../../db/client.ts';
import type { OverwriteLog, PaintRecord } from '../../engine/committer.ts';

/**
 * One statement per batch. Paints are taken in batch order: the first paint of a pixel in the batch
 * covers the owner SQL holds, each later one covers the paint before it in the batch (those never
 * reached the pixels table, but their painters were told they painted). Per previous owner and
 * pixel the latest overwrite wins.
 *
 * The owner SQL holds is looked up through the primary key, one pixel at a time, and only for a
 * pixel's first paint in the batch. Joined to the batch instead, it let the planner hash the whole
 * pixels table for every group, a cost that grows with the canvas: 90 ms for a group of 1,900 on a
 * canvas of 156,000 painted pixels, 19 ms looked up (BENCHMARKS.md, "The group commit's plans").
 */
export const RECORD_OVERWRITES_SQL = `
WITH t AS (
  SELECT * FROM unnest($1::int[], $2::bigint[], $3::float8[]) WITH ORDINALITY AS t(id, uid, ms, ord)
), seq AS (
  SELECT t.id, t.uid, t.ms, t.ord,
         COALESCE(lag(t.uid) OVER (PARTITION BY t.id ORDER BY t.ord),
                  (SELECT p.user_id FROM pixels p WHERE p.id = t.id)) AS prev
  FROM t
), covered AS (
  SELECT DISTINCT ON (prev, id) prev, id, uid, ms FROM seq
  WHERE prev IS NOT NULL AND prev <> uid
  ORDER BY prev, id, ord DESC
)
INSERT INTO pixel_overwrites (previous_user_id, pixel_id, user_id, overwritten_at)
SELECT prev, id, uid, to_timestamp(ms / 1000.0) FROM covered
ON CONFLICT (previous_user_id, pixel_id)
DO UPDATE SET user_id = EXCLUDED.user_id, overwritten_at = EXCLUDED.overwritten_at`;

/** The statement that records the overwrites of `batch` (run it before the pixels upsert). */
export function overwritesStatement(
  batch: readonly Pick<PaintRecord, 'pixelId' | 'userId' | 'at'>[],
): Statement {
  return {
    text: RECORD_OVERWRITES_SQL,
    params: [batch.map((r) => r.pixelId), batch.map((r) => r.userId), batch.map((r) => r.at)],
  };
}

/** What the group commit is given to record the overwrites of every batch it writes. */
export const pixelOverwrites: OverwriteLog = { statement: overwritesStatement };
