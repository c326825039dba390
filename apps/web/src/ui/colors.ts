/**
 * The active colour and the 8 most recent ones. Selecting a colour moves it to the front; the list
 * lives under the local key 'colors' and, in Telegram, in cloud storage when the front changed.
 */
import {
  BASIC_COLORS,
  BLANK_COLOR_INDEX,
  DEFAULT_COLOR,
  GAME_DEFAULTS,
  isPaletteColor,
  normalizeHex,
  PALETTE,
} from '@pixel-wall/shared/core';

export const RECENT_COLORS_KEY = 'colors';
export const RECENT_COLORS_MAX = GAME_DEFAULTS.recentColors;

export function parseRecent(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value = JSON.parse(raw) as unknown;
    if (!Array.isArray(value)) return [];
    const out: string[] = [];
    for (const v of value) {
      const hex = typeof v === 'string' ? normalizeHex(v) : null;
      if (hex && isPaletteColor(hex) && !out.includes(hex)) out.push(hex);
      if (out.length === RECENT_COLORS_MAX) break;
    }
    return out;
  } catch {
    return [];
  }
}

/** Moves `color` to the front, keeping at most 8 distinct colours. */
export function pushRecent(recent: readonly string[], color: string): string[] {
  return [color, ...recent.filter((c) => c !== color)].slice(0, RECENT_COLORS_MAX);
}

/** The list shown: recent colours, padded with white as the spec's default. */
export function recentOrDefault(recent: readonly string[]): string[] {
  return recent.length > 0 ? [...recent] : [DEFAULT_COLOR];
}

export function randomPaletteColor(random: () => number = Math.random): string {
  return PALETTE[Math.floor(random() * PALETTE.length)] ?? DEFAULT_COLOR;
}

/**
 * Colours a first paint does not start with: the blank wall's own white (a pixel painted with it
 * changes nothing the player can see) and the palest grey next to it.
 */
export const NOT_FOR_START: readonly string[] = [PALETTE[BLANK_COLOR_INDEX] ?? DEFAULT_COLOR, '#D4D7D9'];

/**
 * The active colour of a player with no recent ones: a random colour of the basic line (which
 * every player may paint) that shows on the blank wall.
 */
export function randomStartColor(random: () => number = Math.random): string {
  const choices = BASIC_COLORS.filter((c) => !NOT_FOR_START.includes(c));
  return choices[Math.floor(random() * choices.length)] ?? '#000000';
}
