/**
 * The paint flow with fast energy (SPEC §4): at zero charges with fast energy on, wait for a
 * purchase under way, use a refill, and paint; without a refill (or still at zero) it is
 * /energy-over as before.
 */

import { type PaintOutcome, paintPixel } from '../../api/wall/paint.ts';
import type { WallRuntime } from '../../api/wall/runtime.ts';
import type { AppThunk } from '../../store/index.ts';
import { shopStoreOf } from '../../store/shopStore.ts';
import { applyRefill } from './items.ts';

export type EnergyPaintOutcome = PaintOutcome | { kind: 'no-refill' };

export function paintWithEnergy(
  runtime: WallRuntime,
  pixelId: number,
  color: string,
  fastEnergy: boolean,
): AppThunk<Promise<EnergyPaintOutcome>> {
  return async (dispatch, _getState, { http }) => {
    const first = await dispatch(paintPixel(runtime, pixelId, color));
    if (first.kind !== 'no-charges' || !fastEnergy) return first;
    const pending = shopStoreOf(http).get().pending;
    if (pending) await pending.catch(() => {});
    const refill = await dispatch(applyRefill());
    if (refill.kind === 'empty') return { kind: 'no-refill' };
    if (refill.kind !== 'used') return first;
    return dispatch(paintPixel(runtime, pixelId, color));
  };
}
