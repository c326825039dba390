/**
 * The paint flow of SPEC §4: nothing while a paint is pending; at zero charges go to
 * /energy-over; otherwise paint, apply the result, and give haptic feedback.
 */
import type { RepaintResult } from '@pixel-wall/shared';
import { paletteIndexOf } from '@pixel-wall/shared/core';
import { liveCharges } from '../../store/charges.ts';
import type { AppThunk } from '../../store/index.ts';
import { chargeSpent, fetchMiningStatus } from '../../store/miningSlice.ts';
import { ApiError } from '../errors.ts';
import type { WallRuntime } from './runtime.ts';
import { RpcError } from './sync.ts';

export type PaintOutcome =
  | { kind: 'painted'; result: RepaintResult }
  | { kind: 'no-charges' }
  | { kind: 'failed'; code: string; message: string };

export function paintPixel(
  runtime: WallRuntime,
  pixelId: number,
  color: string,
): AppThunk<Promise<PaintOutcome>> {
  return async (dispatch, getState, extra) => {
    const snapshot = getState().mining.charges;
    if (snapshot && liveCharges(snapshot, Date.now()).charges <= 0) return { kind: 'no-charges' };
    const index = paletteIndexOf(color);
    try {
      const result = await runtime.repaint(pixelId, index, (id) =>
        extra.http.post<RepaintResult>('/repaint/start', { pixelId: id, newColor: color }),
      );
      dispatch(chargeSpent(result));
      // Our own paint shows at once; the batch that follows changes nothing.
      runtime.store.apply(pixelId, index);
      extra.platform.haptic('light');
      return { kind: 'painted', result };
    } catch (err) {
      const code = err instanceof RpcError || err instanceof ApiError ? err.code : 'INTERNAL';
      if (code === 'NO_CHARGES') {
        // Our count was stale: take the server's.
        void dispatch(fetchMiningStatus());
        extra.platform.haptic('error');
        return { kind: 'no-charges' };
      }
      extra.platform.haptic('error');
      return { kind: 'failed', code, message: err instanceof Error ? err.message : String(err) };
    }
  };
}
