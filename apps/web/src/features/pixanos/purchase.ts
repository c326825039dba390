/**
 * Buying a Pixanos' Snap from the Pixanos rating (SPEC §8): Stars through the messenger's
 * invoice, then a toast, 'Success!' or 'Error, try again.'. Outside the messenger Stars cannot be
 * paid, so the shop opens on the Snap's card instead (it takes crypto there).
 */
import type { BuyStarsBody, BuyStarsResponse } from '@pixel-wall/shared';
import { ProductId } from '@pixel-wall/shared/core';
import type { AppThunk } from '../../store/index.ts';
import { loadBuyList, trackPurchase } from '../../store/shopStore.ts';
import { shopProductRequested, showToast } from '../../store/uiSlice.ts';

export type SnapPurchaseOutcome = 'success' | 'failed' | 'shop';

export interface SnapPurchaseText {
  success: string;
  failed: string;
}

/**
 * One Snap for Stars. 'shop' means the messenger is not there: the caller goes to /stars, where
 * the Snap's card is already requested. A toast tells the outcome of a Stars payment.
 */
export function buySnapFromRating(
  color: string,
  text: SnapPurchaseText,
): AppThunk<Promise<SnapPurchaseOutcome>> {
  return (dispatch, _getState, { http, platform }) => {
    if (platform.kind !== 'telegram') {
      dispatch(shopProductRequested(ProductId.PixanosSnap));
      return Promise.resolve('shop');
    }
    const work = (async (): Promise<SnapPurchaseOutcome> => {
      const body: BuyStarsBody = { type: ProductId.PixanosSnap, qty: 1, pixanosColor: color };
      try {
        const invoice = await http.post<BuyStarsResponse>('/buy/stars', body);
        const outcome = await platform.openInvoice(invoice.result);
        if (outcome === 'paid' || outcome === 'pending') {
          platform.haptic('success');
          void dispatch(loadBuyList());
          return 'success';
        }
      } catch {
        // the toast below says it
      }
      platform.haptic('error');
      return 'failed';
    })();
    return dispatch(trackPurchase(work)).then((outcome) => {
      dispatch(outcome === 'success' ? showToast(text.success, 'success') : showToast(text.failed, 'error'));
      return outcome;
    });
  };
}
