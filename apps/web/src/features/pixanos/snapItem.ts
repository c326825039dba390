/**
 * Using a held Pixanos' Snap (POST /items/use {productId: 13}): the server repaints and announces
 * it; this client, like every other, repaints from the event. With none held, the shop opens.
 */
import type { UseItemResult } from '@pixel-wall/shared';
import { ApiError } from '../../api/errors.ts';
import type { AppThunk } from '../../store/index.ts';
import { goodsLeft } from '../../store/shopStore.ts';

export const SNAP_PRODUCT = 13;

export type SnapOutcome =
  | { kind: 'used'; result: UseItemResult }
  | { kind: 'empty' }
  | { kind: 'failed'; code: string; message: string };

export function applySnapItem(): AppThunk<Promise<SnapOutcome>> {
  return async (dispatch, _getState, { http, platform }) => {
    try {
      const result = await http.post<UseItemResult>('/items/use', { productId: SNAP_PRODUCT });
      dispatch(goodsLeft(SNAP_PRODUCT, result.left));
      platform.haptic('error');
      return { kind: 'used', result };
    } catch (error) {
      if (error instanceof ApiError && error.code === 'NO_ITEMS') {
        dispatch(goodsLeft(SNAP_PRODUCT, 0));
        return { kind: 'empty' };
      }
      return {
        kind: 'failed',
        code: error instanceof ApiError ? error.code : 'INTERNAL',
        message: error instanceof Error ? error.message : String(error),
      };
    }
  };
}
