/**
 * A player's own pixels: the ones they own now (newest first), the ones others painted over
 * ("sold"), their count and worth, and a byte map of them over the whole wall.
 *
 * Worth: `pixelPrice` of @pixel-wall/shared (PX by region, dearer towards the centre); the SQL
 * of store.ts computes the same from the pixel id, so totals never load the pixels into Node.
 */
import { promisify } from 'node:util';
import { deflateRaw } from 'node:zlib';
import {
  CANVAS_PIXELS,
  colorOfIndex,
  type MyPixels,
  pixelPrice,
  pointOfPixelId,
  type SoldPixels,
} from '@pixel-wall/shared';
import type { Sql } from '../../db/client.ts';
import * as store from './store.ts';

export { priceSql } from './store.ts';

const deflateRawAsync = promisify(deflateRaw);

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
        store.ownedPage(db, userId, limit, offset),
        store.ownedSums(db, userId),
      ]);
      return {
        pixels: rows.map((r) => ({
          id: r.id,
          ...pointOfPixelId(r.id),
          color: colorOfIndex(r.color),
          dateObtained: iso(r.painted_at),
        })),
        total: sums?.total ?? 0,
        totalPrice: Number(sums?.price ?? 0),
      };
    },

    async count(userId: number): Promise<number> {
      return store.ownedCount(db, userId);
    },

    /** Pixels the player painted that someone else painted over since and still holds. */
    async sold(userId: number, offset: number, limit: number): Promise<SoldPixels> {
      const [rows, sums] = await Promise.all([
        store.soldPage(db, userId, limit, offset),
        store.soldSums(db, userId),
      ]);
      return {
        pixels: rows.map((r) => ({
          id: r.id,
          ...pointOfPixelId(r.id),
          color: colorOfIndex(r.color),
          dateSold: iso(r.at),
          repaintedBy: Number(r.by),
        })),
        total: sums?.total ?? 0,
        totalPrice: Number(sums?.price ?? 0),
      };
    },

    /**
     * One byte per pixel of the wall (pixel id − 1 is the offset): 1 where the player owns it (with
     * `price`, only the pixels of that price); deflated.
     */
    async mask(userId: number, price?: number): Promise<Buffer> {
      const rows = await store.ownedIds(db, userId);
      const map = new Uint8Array(CANVAS_PIXELS);
      for (const r of rows) if (price === undefined || pixelPrice(r.id) === price) map[r.id - 1] = 1;
      return deflateRawAsync(map);
    },
  };
}

export type PixelsService = ReturnType<typeof createPixelsService>;
