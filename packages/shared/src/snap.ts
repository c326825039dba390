/**
 * Pixanos' Snap (product 13): "discolours half of the world". Given a seed, a percentage and a
 * palette colour, every pixel whose hash of (seed, pixel id) falls below the percentage's share of
 * 2^32 is repainted that colour. Server and client run this same code, so the client repaints its
 * canvas from the event alone and ends byte for byte equal to the server.
 *
 * The hash is a 32-bit integer mix (lowbias32 of id·φ xor seed): pure, stateless per pixel, about
 * 5 ms for the whole 1024² canvas.
 */
import { CANVAS_PIXELS, CANVAS_WIDTH } from './canvas.ts';
import { PALETTE_SIZE } from './palette.ts';
import { BYTES_PER_CHANGE, writePixelChange } from './wire.ts';

/** The share of the wall a snap repaints, in percent. */
export const SNAP_PERCENTAGE = 50;
/** The snap animation (SPEC §4), then the canvas fades in. */
export const SNAP_ANIMATION_MS = 7_200;
export const SNAP_FADE_IN_MS = 6_000;
/** The pixel the snap event names: the centre of the wall. */
export const SNAP_CENTRE_PIXEL_ID = CANVAS_WIDTH / 2 + (CANVAS_WIDTH / 2) * CANVAS_WIDTH + 1;

export function isSnapSeed(seed: unknown): seed is number {
  return Number.isInteger(seed) && (seed as number) >= 0 && (seed as number) <= 0xffffffff;
}

export function isSnapPercentage(p: unknown): p is number {
  return Number.isInteger(p) && (p as number) >= 1 && (p as number) <= 100;
}

/** The 32-bit hash of one pixel under a seed. */
export function snapHash(seed: number, pixelId: number): number {
  let h = (Math.imul(pixelId, 0x9e3779b1) ^ seed) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Hashes below this are repainted: percentage/100 of 2^32. */
export function snapThreshold(percentage: number): number {
  if (!isSnapPercentage(percentage))
    throw new RangeError(`snap percentage must be 1..100, not ${percentage}`);
  return Math.floor((percentage * 0x1_0000_0000) / 100);
}

function check(seed: number, percentage: number): number {
  if (!isSnapSeed(seed)) throw new RangeError(`snap seed must be a uint32, not ${seed}`);
  return snapThreshold(percentage);
}

export function snapSelects(seed: number, percentage: number, pixelId: number): boolean {
  return snapHash(seed, pixelId) < check(seed, percentage);
}

/** The repainted pixel ids, ascending. */
export function snapPixelIds(seed: number, percentage: number): Uint32Array {
  const threshold = check(seed, percentage);
  const out = new Uint32Array(CANVAS_PIXELS);
  let n = 0;
  for (let id = 1; id <= CANVAS_PIXELS; id++) if (snapHash(seed, id) < threshold) out[n++] = id;
  return out.slice(0, n);
}

/** Repaints `indices` (palette index per pixel, 1024²) in place; returns how many pixels it named. */
export function applySnap(indices: Uint8Array, seed: number, percentage: number, color: number): number {
  const threshold = check(seed, percentage);
  if (indices.length !== CANVAS_PIXELS) throw new RangeError(`a canvas has ${CANVAS_PIXELS} pixels`);
  if (!Number.isInteger(color) || color < 0 || color >= PALETTE_SIZE)
    throw new RangeError(`invalid colour ${color}`);
  let n = 0;
  for (let id = 1; id <= CANVAS_PIXELS; id++) {
    if (snapHash(seed, id) < threshold) {
      indices[id - 1] = color;
      n++;
    }
  }
  return n;
}

/** The snap as a PIXELS body (wire.ts): every repainted pixel with the colour, in id order. */
export function snapChangesBody(seed: number, percentage: number, color: number): Uint8Array {
  const ids = snapPixelIds(seed, percentage);
  if (!Number.isInteger(color) || color < 0 || color >= PALETTE_SIZE)
    throw new RangeError(`invalid colour ${color}`);
  const out = new Uint8Array(ids.length * BYTES_PER_CHANGE);
  for (let i = 0; i < ids.length; i++) writePixelChange(out, i, ids[i]!, color);
  return out;
}
