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
/** The Wall's active colour: the front of the recent list (null when there is none). */
export function activeWallColor(): string | null {
  try {
    return parseRecent(localStorage.getItem(RECENT_COLORS_KEY))[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * SPEC §5: the colour Pixanos' Snap is bought in: the Wall's active colour when the player may paint
 * it, else one at random among those they may: the basic line, or the whole palette with All
 * colours. The server refuses any other (COLOR_LOCKED).
 */
export function snapColor(
  active: string | null,
  unlocked: boolean,
  random: () => number = Math.random,
): string {
  const allowed: readonly string[] = unlocked ? PALETTE : BASIC_COLORS;
  const hex = active ? normalizeHex(active) : null;
  if (hex && allowed.includes(hex)) return hex;
  return allowed[Math.floor(random() * allowed.length)] ?? allowed[0]!;
}

export function pushRecent(recent: readonly string[], color: string): string[] {
  return [color, ...recent.filter((c) => c !== color)].slice(0, RECENT_COLORS_MAX);
}

/**
 * The list shown: the recent colours, or, for a player who has picked none yet, the active (start)
 * colour alone. Never a colour the player did not see: a white swatch a newcomer never chose
 * would paint white on the blank white wall.
 */
export function recentOrActive(recent: readonly string[], active: string): string[] {
  return recent.length > 0 ? [...recent] : [active];
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
