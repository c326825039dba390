import { CANVAS_HEIGHT, CANVAS_PIXELS, CANVAS_WIDTH } from '@pixel-wall/shared/core';
import type { HttpClient } from '../../api/http.ts';

/** The map's side in cells: each cell covers BLOCK × BLOCK pixels of the wall. */
export const MAP_SIDE = 256;
const BLOCK = CANVAS_WIDTH / MAP_SIDE;

export interface OwnedMask {
  /** how many pixels the mask marks */
  count: number;
  /** MAP_SIDE × MAP_SIDE cells, 1 where the player owns a pixel of that cell */
  cells: Uint8Array;
}

/** Inflates a deflate-raw body (X-Mask-Format 'bytes+deflate-raw') as it streams in. */
async function inflateRaw(res: Response): Promise<Uint8Array> {
  if (!res.body) return new Uint8Array(0);
  const stream = res.body.pipeThrough(new DecompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** One byte per pixel of the wall (pixel id − 1 is the offset), 1 where owned → count and map cells. */
export function readMask(bytes: Uint8Array): OwnedMask {
  if (bytes.length !== CANVAS_PIXELS) throw new Error(`mask of ${bytes.length} bytes, not ${CANVAS_PIXELS}`);
  const cells = new Uint8Array(MAP_SIDE * MAP_SIDE);
  let count = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] !== 1) continue;
    count++;
    const x = i % CANVAS_WIDTH;
    const y = Math.floor(i / CANVAS_WIDTH);
    if (y < CANVAS_HEIGHT) cells[Math.floor(y / BLOCK) * MAP_SIDE + Math.floor(x / BLOCK)] = 1;
  }
  return { count, cells };
}

/**
 * The player's pixels: GET /image/mask (all of them) or GET /image/mask/{price} (only those of
 * one price tier), binary and deflated.
 */
export async function loadOwnedMask(
  http: HttpClient,
  price: number | null,
  signal: AbortSignal,
): Promise<OwnedMask> {
  const res = await http.requestRaw(price === null ? '/image/mask' : `/image/mask/${price}`, { signal });
  return readMask(await inflateRaw(res));
}
