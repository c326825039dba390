/**
 * Which colours a player may paint with (SPEC §2, §9): the basic line for everyone, the whole
 * palette with All colours (product 14). The server refuses the rest (COLOR_LOCKED); the Wall
 * shows them locked and offers the unlock instead of a paint that would fail.
 */
import type { GoodsAvailable } from '@pixel-wall/shared';
import { isBasicColor, isPaletteColor, PALETTE, ProductId } from '@pixel-wall/shared/core';
import { goodsCount } from '../../store/shopStore.ts';
import { randomStartColor } from '../../ui/colors.ts';

export const ALL_COLORS_PRODUCT = ProductId.AllColors;

/** The palette beyond the basic line, in palette order: what All colours unlocks. */
export const LOCKED_COLORS: readonly string[] = PALETTE.filter((c) => !isBasicColor(c));

export function hasAllColors(goods: GoodsAvailable): boolean {
  return goodsCount(goods, ALL_COLORS_PRODUCT) > 0;
}

/** Whether the colour can be painted: a basic colour, or any palette colour once unlocked. */
export function mayUse(color: string, unlocked: boolean): boolean {
  return unlocked ? isPaletteColor(color) : isBasicColor(color);
}

/** The pipette took a colour: it becomes the active one, or (locked) the unlock is offered. */
export type PipetteTake = { kind: 'pick'; color: string } | { kind: 'locked'; color: string };

export function pipetteTake(color: string, unlocked: boolean): PipetteTake {
  return mayUse(color, unlocked) ? { kind: 'pick', color } : { kind: 'locked', color };
}

/**
 * A locked active colour (from the recent list or the cloud, before an unlock or after a refund)
 * gives way to the most recent usable colour, else a random basic start colour; null when the
 * active colour can stay.
 */
export function usableActive(
  active: string,
  recent: readonly string[],
  unlocked: boolean,
  random: () => number = Math.random,
): string | null {
  if (mayUse(active, unlocked)) return null;
  return recent.find((c) => mayUse(c, unlocked)) ?? randomStartColor(random);
}
