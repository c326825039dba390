/**
 * Snapshot pixels → palette indices, on its own so the snapshot worker (features/wall/
 * snapshot.worker.ts) loads only the palette, not the rest of the shared package.
 */
import { nearestPaletteIndex, paletteIndexOfRgb } from '@pixel-wall/shared/palette';

/**
 * Maps decoded snapshot pixels (RGBA) back to palette indices: an exact palette colour maps to
 * its index, anything else (lossy decoding) to the nearest one. Mostly transparent pixels are blank.
 */
export function indicesFromRgba(rgba: Uint8ClampedArray | Uint8Array): Uint8Array {
  const n = rgba.length >> 2;
  const out = new Uint8Array(n);
  const nearest = new Map<number, number>();
  // Canvases are mostly runs of one colour: remember the last lookup.
  let lastKey = -1;
  let lastIndex = 0;
  for (let i = 0, o = 0; i < n; i++, o += 4) {
    if (rgba[o + 3]! < 128) {
      out[i] = 0;
      continue;
    }
    const r = rgba[o]!;
    const g = rgba[o + 1]!;
    const b = rgba[o + 2]!;
    const key = (r << 16) | (g << 8) | b;
    if (key !== lastKey) {
      let index = paletteIndexOfRgb(r, g, b);
      if (index < 0) {
        index = nearest.get(key) ?? -1;
        if (index < 0) {
          index = nearestPaletteIndex(r, g, b);
          nearest.set(key, index);
        }
      }
      lastKey = key;
      lastIndex = index;
    }
    out[i] = lastIndex;
  }
  return out;
}
