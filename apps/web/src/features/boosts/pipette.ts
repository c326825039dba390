/**
 * The pipette (product 4, kept once bought): armed from the bottom bar, the next tap on the Wall
 * takes that pixel's colour as the active colour (and into the recent colours) instead of
 * selecting or painting. Taps can do one thing at a time, so arming it turns off the modes in
 * which a tap acts (fast mode, the blasts); fast energy stays, as it only acts at zero charges.
 */
import type { GoodsAvailable } from '@pixel-wall/shared';
import { BLANK_COLOR_INDEX, colorOfIndex, PALETTE_SIZE } from '@pixel-wall/shared/core';
import type { PixelStore } from '../../canvas/index.ts';
import { goodsCount } from '../../store/shopStore.ts';
import { type FastMode, tapActs } from './fastModes.ts';

export const PIPETTE_PRODUCT = 4;

export type PipettePress =
  | { kind: 'shop'; productId: number }
  | { kind: 'toggle'; armed: boolean; mode: FastMode | null };

export function pressPipette(armed: boolean, mode: FastMode | null, goods: GoodsAvailable): PipettePress {
  if (armed) return { kind: 'toggle', armed: false, mode };
  if (goodsCount(goods, PIPETTE_PRODUCT) <= 0) return { kind: 'shop', productId: PIPETTE_PRODUCT };
  return { kind: 'toggle', armed: true, mode: tapActs(mode) ? null : mode };
}

/** The colour of the pixel under a tap (an unknown index reads as blank), or null outside the canvas. */
export function colorUnderTap(
  store: Pick<PixelStore, 'colorAt'>,
  p: { x: number; y: number },
): string | null {
  const index = store.colorAt(p.x, p.y);
  if (index < 0 || index >= PALETTE_SIZE) return index < 0 ? null : colorOfIndex(BLANK_COLOR_INDEX);
  return colorOfIndex(index);
}
