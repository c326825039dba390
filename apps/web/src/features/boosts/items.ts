/**
 * Using items on the Wall: a refill (POST /items/use {productId: 1}) and blasts (POST
 * /repaint/special). SPEC §8: haptic 'error' after every bomb, paint can, pumpkin or energy use.
 */
import type { RepaintSpecialBody, UseItemResult } from '@pixel-wall/shared';
import { blastPixelIds, blastSizeOf, paletteIndexOf, pointOfPixelId } from '@pixel-wall/shared/core';
import { ApiError } from '../../api/errors.ts';
import type { WallRuntime } from '../../api/wall/runtime.ts';
import { liveCharges } from '../../store/charges.ts';
import type { AppThunk } from '../../store/index.ts';
import { chargeSpent } from '../../store/miningSlice.ts';
import { goodsLeft } from '../../store/shopStore.ts';

export type ItemOutcome =
  | { kind: 'used'; result: UseItemResult }
  /** none left: the shop should open for it */
  | { kind: 'empty' }
  /** a refill with charges already full */
  | { kind: 'full' }
  /** `code`: the server's error code, shown in the player's language */
  | { kind: 'failed'; code: string; message: string };

function failure(error: unknown, productId: number): AppThunk<ItemOutcome> {
  return (dispatch) => {
    if (error instanceof ApiError && error.code === 'NO_ITEMS') {
      dispatch(goodsLeft(productId, 0));
      return { kind: 'empty' };
    }
    if (error instanceof ApiError && error.code === 'CHARGES_FULL') return { kind: 'full' };
    return {
      kind: 'failed',
      code: error instanceof ApiError ? error.code : 'INTERNAL',
      message: error instanceof Error ? error.message : String(error),
    };
  };
}

export function applyRefill(): AppThunk<Promise<ItemOutcome>> {
  return async (dispatch, getState, { http, platform }) => {
    const snapshot = getState().mining.charges;
    if (snapshot) {
      const live = liveCharges(snapshot, Date.now());
      if (live.charges >= live.maxCharges) return { kind: 'full' };
    }
    try {
      const result = await http.post<UseItemResult>('/items/use', { productId: 1 });
      dispatch(chargeSpent(result));
      dispatch(goodsLeft(1, result.left));
      platform.haptic('error');
      return { kind: 'used', result };
    } catch (error) {
      return dispatch(failure(error, 1));
    }
  };
}

export function applyBlast(
  runtime: WallRuntime,
  type: RepaintSpecialBody['type'],
  pixelId: number,
  color: string,
): AppThunk<Promise<ItemOutcome>> {
  return async (dispatch, _getState, { http, platform }) => {
    const index = paletteIndexOf(color);
    if (index < 0) return { kind: 'failed', code: 'INVALID_COLOR', message: 'not a palette colour' };
    const body: RepaintSpecialBody = { pixelId, type, color };
    try {
      const result = await http.post<UseItemResult>('/repaint/special', body);
      const size = blastSizeOf(type);
      const { x, y } = pointOfPixelId(pixelId);
      // Our own blast shows at once; the batch that follows from the socket changes nothing.
      for (const id of blastPixelIds(x, y, size)) runtime.store.apply(id, index);
      dispatch(chargeSpent(result));
      dispatch(goodsLeft(type, result.left));
      platform.haptic('error');
      return { kind: 'used', result };
    } catch (error) {
      return dispatch(failure(error, type));
    }
  };
}
