/**
 * The 30-colour palette. The canvas stores palette indices (one byte per pixel); colours are
 * upper-case `#RRGGBB` strings at the edges. Index 0 is white: a fresh canvas is all white.
 */
export const PALETTE = [
  '#FFFFFF',
  '#D4D7D9',
  '#898D90',
  '#515252',
  '#000000',
  '#6D482F',
  '#9C6926',
  '#FFB470',
  '#6D001A',
  '#BE0039',
  '#FF4500',
  '#FFA800',
  '#FFD635',
  '#00A368',
  '#00CC78',
  '#7EED56',
  '#00756F',
  '#009EAA',
  '#00CCC0',
  '#51E9F4',
  '#2450A4',
  '#3690EA',
  '#493AC1',
  '#6A5CFF',
  '#811E9F',
  '#B44AC0',
  '#E4ABFF',
  '#DE107F',
  '#FF3881',
  '#FF99AA',
] as const;

export type PaletteColor = (typeof PALETTE)[number];
export const PALETTE_SIZE = PALETTE.length;
export const DEFAULT_COLOR: PaletteColor = '#FFFFFF';
export const BLANK_COLOR_INDEX = 0;

const INDEX_BY_HEX = new Map<string, number>(PALETTE.map((hex, i) => [hex, i]));

/** Normalises `#rgb`/`#rrggbb` in any case to `#RRGGBB`; null when it is not a hex colour. */
export function normalizeHex(value: string): string | null {
  const m = /^#?([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$/.exec(value.trim());
  if (!m) return null;
  let hex = m[1]!.toUpperCase();
  if (hex.length === 3) hex = hex[0]! + hex[0]! + hex[1]! + hex[1]! + hex[2]! + hex[2]!;
  return `#${hex}`;
}

/** Palette index of a colour, or -1 when the colour is not in the palette. */
export function paletteIndexOf(color: string): number {
  const hex = normalizeHex(color);
  return hex === null ? -1 : (INDEX_BY_HEX.get(hex) ?? -1);
}

export function isPaletteColor(color: string): boolean {
  return paletteIndexOf(color) >= 0;
}

export function colorOfIndex(index: number): PaletteColor {
  const c = PALETTE[index];
  if (c === undefined) throw new RangeError(`palette index out of range: ${index}`);
  return c;
}

/**
 * The basic colour line (SPEC §2): the colours every player paints with; the other 20 need the
 * "All colours" product. One of each hue family of the palette, light to dark as the palette
 * orders them: white and black, a middle grey, brown, red, orange, yellow, green, blue, purple.
 * Ten fit one row of the colour panel on a phone.
 */
export const BASIC_COLORS = [
  '#FFFFFF',
  '#898D90',
  '#000000',
  '#9C6926',
  '#BE0039',
  '#FF4500',
  '#FFD635',
  '#00A368',
  '#3690EA',
  '#811E9F',
] as const satisfies readonly PaletteColor[];

/** Whether each palette index is in the basic line: one array read per paint. */
const BASIC_BY_INDEX: Uint8Array = (() => {
  const out = new Uint8Array(PALETTE.length);
  for (const hex of BASIC_COLORS) out[INDEX_BY_HEX.get(hex)!] = 1;
  return out;
})();

/** Whether a palette index is a basic colour (false for an index outside the palette). */
export function isBasicColorIndex(index: number): boolean {
  return BASIC_BY_INDEX[index] === 1;
}

/** Whether a colour (any hex form) is a basic colour. */
export function isBasicColor(color: string): boolean {
  return isBasicColorIndex(paletteIndexOf(color));
}

/**
 * Whether a player may paint with the palette index: basic colours always, the others with the
 * "All colours" product (`unlocked`).
 */
export function mayPaintColorIndex(index: number, unlocked: boolean): boolean {
  return unlocked ? index >= 0 && index < PALETTE.length : isBasicColorIndex(index);
}

/** RGB bytes of every palette entry, in order: 3 bytes per colour. */
export const PALETTE_RGB: Uint8Array = (() => {
  const out = new Uint8Array(PALETTE.length * 3);
  PALETTE.forEach((hex, i) => {
    out[i * 3] = Number.parseInt(hex.slice(1, 3), 16);
    out[i * 3 + 1] = Number.parseInt(hex.slice(3, 5), 16);
    out[i * 3 + 2] = Number.parseInt(hex.slice(5, 7), 16);
  });
  return out;
})();

/** Packed 0xRRGGBB of every palette entry, to map decoded image pixels back to indices. */
const INDEX_BY_RGB = new Map<number, number>(
  PALETTE.map((_, i) => [
    (PALETTE_RGB[i * 3]! << 16) | (PALETTE_RGB[i * 3 + 1]! << 8) | PALETTE_RGB[i * 3 + 2]!,
    i,
  ]),
);

/** Palette index of an exact RGB triple, or -1. */
export function paletteIndexOfRgb(r: number, g: number, b: number): number {
  return INDEX_BY_RGB.get((r << 16) | (g << 8) | b) ?? -1;
}

/** Nearest palette index of an RGB triple (squared distance), for mapping images onto the palette. */
export function nearestPaletteIndex(r: number, g: number, b: number): number {
  let best = 0;
  let bestD = Number.POSITIVE_INFINITY;
  for (let i = 0; i < PALETTE.length; i++) {
    const dr = r - PALETTE_RGB[i * 3]!;
    const dg = g - PALETTE_RGB[i * 3 + 1]!;
    const db = b - PALETTE_RGB[i * 3 + 2]!;
    const d = dr * dr + dg * dg + db * db;
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  return best;
}
