/**
 * The drawing being made: 64×64 RGBA bytes (SPEC §3: saved locally as the player draws), in
 * localStorage as base64. Pure helpers, so the board and the tests share them.
 */
import { NFT_BYTES, NFT_SIZE, NFT_ZOOM_MAX, NFT_ZOOM_MIN } from '@pixel-wall/shared';

export const DRAWING_STORAGE_KEY = 'nft-drawing';

export function emptyDrawing(): Uint8Array {
  return new Uint8Array(NFT_BYTES);
}

/** Paints (x, y) with '#RRGGBB', or clears it with null. False when nothing changed. */
export function setPixel(d: Uint8Array, x: number, y: number, color: string | null): boolean {
  if (x < 0 || y < 0 || x >= NFT_SIZE || y >= NFT_SIZE) return false;
  const o = (y * NFT_SIZE + x) * 4;
  const next =
    color === null
      ? [0, 0, 0, 0]
      : [
          Number.parseInt(color.slice(1, 3), 16),
          Number.parseInt(color.slice(3, 5), 16),
          Number.parseInt(color.slice(5, 7), 16),
          255,
        ];
  if (next.every((v, i) => d[o + i] === v)) return false;
  d.set(next, o);
  return true;
}

export function isEmptyDrawing(d: Uint8Array): boolean {
  for (let i = 3; i < d.length; i += 4) if (d[i] !== 0) return false;
  return true;
}

export function encodeDrawing(d: Uint8Array): string {
  let s = '';
  for (let i = 0; i < d.length; i += 0x8000) s += String.fromCharCode(...d.subarray(i, i + 0x8000));
  return btoa(s);
}

/** A stored or served drawing, or null when it is not exactly 64×64 RGBA. */
export function decodeDrawing(text: string | null): Uint8Array | null {
  if (!text) return null;
  try {
    const raw = atob(text);
    if (raw.length !== NFT_BYTES) return null;
    const d = new Uint8Array(NFT_BYTES);
    for (let i = 0; i < raw.length; i++) d[i] = raw.charCodeAt(i);
    return d;
  } catch {
    return null;
  }
}

export function loadDrawing(storage: Pick<Storage, 'getItem'> = localStorage): Uint8Array {
  return decodeDrawing(storage.getItem(DRAWING_STORAGE_KEY)) ?? emptyDrawing();
}

export function saveDrawing(d: Uint8Array, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(DRAWING_STORAGE_KEY, encodeDrawing(d));
  } catch {
    // Storage full or off: the drawing stays in memory.
  }
}

export function clampZoom(z: number): number {
  return Math.min(NFT_ZOOM_MAX, Math.max(NFT_ZOOM_MIN, Math.round(z)));
}
