/**
 * A player's own pixels: the ones they own now (newest first), the ones others painted over
 * ("sold"), their count and worth, and a byte map of them over the whole wall.
 *
 * Worth: `pixelPrice` of @pixel-wall/shared (PX by region, dearer towards the centre); the SQL
 * below computes the same from the pixel id, so totals never load the pixels into Node.
 */
import { promisify } from 'node:util';
import { deflateRaw } from 'node:zlib';
import {
  CANVAS_HEIGHT,
  CANVAS_PIXELS,
  CANVAS_WIDTH,
  colorOfIndex,
  type MyPixels,
  PIXEL_PRICE_TIERS,
  pointOfPixelId,
  type SoldPixels,
} from '@pixel-wall/shared';
import type { Sql } from '../../db/client.ts';

const deflateRawAsync = promisify(deflateRaw);

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

function iso(v: string | Date): string {
  return new Date(v).toISOString();
}

export interface PixelsServiceDeps {
  db: Pick<Sql, 'query'>;
}

export function createPixelsService(deps: PixelsServiceDeps) {
  const { db } = deps;

  return {
    async mine(userId: number, offset: number, limit: number): Promise<MyPixels> {
      const [rows, sums] = await Promise.all([
        db.query<{ id: number; color: number; painted_at: string | Date }>(
          `SELECT id, color, painted_at FROM pixels WHERE user_id = $1
           ORDER BY painted_at DESC, id LIMIT $2 OFFSET $3`,
          [userId, limit, offset],
        ),
        db.query<{ total: number; price: number | string }>(
          `SELECT count(*)::int AS total, COALESCE(sum(${PRICE_OF_ID}), 0)::bigint AS price
           FROM pixels WHERE user_id = $1`,
          [userId],
        ),
      ]);
      return {
        pixels: rows.map((r) => ({
          id: r.id,
          ...pointOfPixelId(r.id),
          color: colorOfIndex(r.color),
          dateObtained: iso(r.painted_at),
        })),
        total: sums[0]?.total ?? 0,
        totalPrice: Number(sums[0]?.price ?? 0),
      };
    },

    async count(userId: number): Promise<number> {
      const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pixels WHERE user_id = $1', [
        userId,
      ]);
      return rows[0]?.n ?? 0;
    },

    /** Pixels the player painted that someone else painted over since and still holds. */
    async sold(userId: number, offset: number, limit: number): Promise<SoldPixels> {
      const from = `FROM pixel_overwrites o JOIN pixels p ON p.id = o.pixel_id
                    WHERE o.previous_user_id = $1 AND p.user_id <> $1`;
      const [rows, sums] = await Promise.all([
        db.query<{ id: number; color: number; by: number | string; at: string | Date }>(
          `SELECT o.pixel_id AS id, p.color, o.user_id AS by, o.overwritten_at AS at ${from}
           ORDER BY o.overwritten_at DESC, o.pixel_id LIMIT $2 OFFSET $3`,
          [userId, limit, offset],
        ),
        db.query<{ total: number; price: number | string }>(
          `SELECT count(*)::int AS total, COALESCE(sum(${PRICE_OF_PIXEL_ID}), 0)::bigint AS price ${from}`,
          [userId],
        ),
      ]);
      return {
        pixels: rows.map((r) => ({
          id: r.id,
          ...pointOfPixelId(r.id),
          color: colorOfIndex(r.color),
          dateSold: iso(r.at),
          repaintedBy: Number(r.by),
        })),
        total: sums[0]?.total ?? 0,
        totalPrice: Number(sums[0]?.price ?? 0),
      };
    },

    /** One byte per pixel of the wall (pixel id − 1 is the offset): 1 where the player owns it; deflated. */
    async mask(userId: number): Promise<Buffer> {
      const rows = await db.query<{ id: number }>('SELECT id FROM pixels WHERE user_id = $1', [userId]);
      const map = new Uint8Array(CANVAS_PIXELS);
      for (const r of rows) map[r.id - 1] = 1;
      return deflateRawAsync(map);
    },
  };
}

export type PixelsService = ReturnType<typeof createPixelsService>;
