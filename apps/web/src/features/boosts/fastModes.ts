/**
 * Fast modes (SPEC §4): fast energy (1), generic fast mode (5) and the blasts (bomb 2, paint
 * can 6, pumpkin 7) are mutually exclusive: enabling one turns the others off, tapping the active
 * one turns it off, and tapping one the player has none of opens the shop for it instead. The
 * modes and their products are the catalogue's (`@pixel-wall/shared`).
 */
import type { BlastKind, FastMode, GoodsAvailable } from '@pixel-wall/shared';
import { BLAST_KINDS, FAST_MODE_PRODUCT } from '@pixel-wall/shared/core';

export type { FastMode };
export { FAST_MODE_PRODUCT };

/** The blast modes, in catalogue order. */
export const BLAST_MODES: readonly BlastKind[] = BLAST_KINDS;

export function isBlastMode(mode: FastMode | null): mode is BlastKind {
  return mode !== null && (BLAST_MODES as readonly FastMode[]).includes(mode);
}

/** Modes in which every tap acts at once, so double taps must not zoom. */
export function tapActs(mode: FastMode | null): boolean {
  return isBlastMode(mode) || mode === 'fast';
}

export type BoostPress = { kind: 'mode'; next: FastMode | null } | { kind: 'shop'; productId: number };

export function pressBoost(active: FastMode | null, pressed: FastMode, goods: GoodsAvailable): BoostPress {
  if (active === pressed) return { kind: 'mode', next: null };
  const productId = FAST_MODE_PRODUCT[pressed];
  if ((goods[String(productId)] ?? 0) <= 0) return { kind: 'shop', productId };
  return { kind: 'mode', next: pressed };
}

/** The mode to keep once the counts change: a blast mode whose items ran out switches off. */
export function modeAfterGoods(active: FastMode | null, goods: GoodsAvailable): FastMode | null {
  if (active === null) return null;
  if (active === 'energy') return active;
  return (goods[String(FAST_MODE_PRODUCT[active])] ?? 0) > 0 ? active : null;
}
