/**
 * The SQL of `pixels` and `pixel_overwrites` (see db/owners.ts), each function taking the database
 * or a transaction. The group commit writes both tables in its batch (engine/committer.ts, with
 * `overwritesStatement` of overwrites.ts).
 *
 * Worth: `pixelPrice` of @pixel-wall/shared (PX by region, dearer towards the centre); `priceSql`
 * computes the same from the pixel id, so totals never load the pixels into Node.
 */
import { CANVAS_HEIGHT, CANVAS_WIDTH, PIXEL_PRICE_TIERS } from '@pixel-wall/shared';
import type { Sql } from '../../db/client.ts';

/** pixelPrice(id) in SQL, for a column `col` holding pixel ids. */
export function priceSql(col: string): string {
  const x = `((${col} - 1) % ${CANVAS_WIDTH})`;
  const y = `((${col} - 1) / ${CANVAS_WIDTH})`;
  const ring = `(greatest(abs(2 * ${x} - ${CANVAS_WIDTH - 1}), abs(2 * ${y} - ${CANVAS_HEIGHT - 1})) / 2)`;
  const tiers = PIXEL_PRICE_TIERS.slice(0, -1)
    .map((t) => `WHEN ${ring} <= ${t.maxRing} THEN ${t.price}`)
    .join(' ');
  return `CASE ${tiers} ELSE ${PIXEL_PRICE_TIERS.at(-1)!.price} END`;
}

const PRICE_OF_ID = priceSql('id');
const PRICE_OF_PIXEL_ID = priceSql('o.pixel_id');

export interface Sums {
  total: number;
  price: number | string;
}

/** The player's pixels, newest first. */
export async function ownedPage(
  q: Sql,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ id: number; color: number; painted_at: string | Date }[]> {
  return q.query<{ id: number; color: number; painted_at: string | Date }>(
    `SELECT id, color, painted_at FROM pixels WHERE user_id = $1
           ORDER BY painted_at DESC, id LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
}

export async function ownedSums(q: Sql, userId: number): Promise<Sums | undefined> {
  const sums = await q.query<Sums>(
    `SELECT count(*)::int AS total, COALESCE(sum(${PRICE_OF_ID}), 0)::bigint AS price
           FROM pixels WHERE user_id = $1`,
    [userId],
  );
  return sums[0];
}

export async function ownedCount(q: Sql, userId: number): Promise<number> {
  const rows = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM pixels WHERE user_id = $1', [
    userId,
  ]);
  return rows[0]?.n ?? 0;
}

export async function ownedIds(q: Sql, userId: number): Promise<{ id: number }[]> {
  return q.query<{ id: number }>('SELECT id FROM pixels WHERE user_id = $1', [userId]);
}

const SOLD_FROM = `FROM pixel_overwrites o JOIN pixels p ON p.id = o.pixel_id
                    WHERE o.previous_user_id = $1 AND p.user_id <> $1`;

/** Pixels the player painted that someone else painted over since and still holds, newest first. */
export async function soldPage(
  q: Sql,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ id: number; color: number; by: number | string; at: string | Date }[]> {
  return q.query<{ id: number; color: number; by: number | string; at: string | Date }>(
    `SELECT o.pixel_id AS id, p.color, o.user_id AS by, o.overwritten_at AS at ${SOLD_FROM}
           ORDER BY o.overwritten_at DESC, o.pixel_id LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
}

export async function soldSums(q: Sql, userId: number): Promise<Sums | undefined> {
  const sums = await q.query<Sums>(
    `SELECT count(*)::int AS total, COALESCE(sum(${PRICE_OF_PIXEL_ID}), 0)::bigint AS price ${SOLD_FROM}`,
    [userId],
  );
  return sums[0];
}

/** Pixels painted at least once. */
export async function paintedCount(q: Sql): Promise<number> {
  const painted = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM pixels');
  return painted[0]?.n ?? 0;
}

/** Gives the pixels `ids` to `userId` in `color` as of `paintedMs`, skipping pixels stored newer. */
export async function paintPixelsAsOf(
  tx: Sql,
  ids: readonly number[],
  color: number,
  userId: number,
  paintedMs: number,
): Promise<void> {
  await tx.query(
    `INSERT INTO pixels (id, color, user_id, painted_at)
     SELECT t.id, $2, $3, to_timestamp($4 / 1000.0) FROM unnest($1::int[]) AS t(id)
     ON CONFLICT (id) DO UPDATE SET color = EXCLUDED.color, user_id = EXCLUDED.user_id,
       painted_at = EXCLUDED.painted_at
     WHERE pixels.painted_at <= EXCLUDED.painted_at`,
    [ids, color, userId, paintedMs],
  );
}
