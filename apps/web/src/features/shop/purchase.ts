/**
 * The purchase of SPEC §4: idle → pending on the buy press → (invoice or wallet transfer) →
 * success or failure. A press while pending is ignored; a press on success closes and resets.
 */
import type {
  BuyStarsBody,
  BuyStarsResponse,
  StartTransactionBody,
  StartTransactionResponse,
} from '@pixel-wall/shared';
import { CurrencyId } from '@pixel-wall/shared/core';
import { ApiError } from '../../api/errors.ts';
import type { AppThunk } from '../../store/index.ts';
import { loadBuyList, trackPurchase } from '../../store/shopStore.ts';
import type { TonWalletConnector, WalletAccount } from '../wallet/connector.ts';

export type PurchaseError =
  /** Stars failure or unpaid invoice: 'Error, try again.' */
  | 'stars'
  /** the page is not inside Telegram: Stars cannot be paid here */
  | 'starsNeedTelegram'
  /** 'Failure. Something went wrong.' */
  | 'crypto'
  | 'wrongCurrency'
  | 'walletNeeded';

export type PurchaseChannel = 'stars' | 'crypto';

export type PurchaseState =
  | { phase: 'idle' }
  | { phase: 'pending'; channel: PurchaseChannel }
  | { phase: 'success'; channel: PurchaseChannel }
  | { phase: 'failed'; error: PurchaseError };

export type PurchaseResult = { ok: true; channel: PurchaseChannel } | { ok: false; error: PurchaseError };

export type PurchaseEvent =
  | { type: 'press'; channel: PurchaseChannel }
  | { type: 'settled'; result: PurchaseResult }
  | { type: 'reset' };

export const PURCHASE_IDLE: PurchaseState = { phase: 'idle' };

export function purchaseReducer(state: PurchaseState, event: PurchaseEvent): PurchaseState {
  switch (event.type) {
    case 'press':
      if (state.phase === 'pending') return state;
      if (state.phase === 'success') return PURCHASE_IDLE;
      return { phase: 'pending', channel: event.channel };
    case 'settled':
      if (state.phase !== 'pending') return state;
      return event.result.ok
        ? { phase: 'success', channel: event.result.channel }
        : { phase: 'failed', error: event.result.error };
    case 'reset':
      return PURCHASE_IDLE;
  }
}

export interface Order {
  productId: number;
  qty: number;
  currencyId: number;
  /** Pixanos' Snap only */
  pixanosColor?: string;
  daily?: boolean;
}

function starsBody(order: Order): BuyStarsBody {
  return {
    type: order.productId,
    qty: order.qty,
    ...(order.pixanosColor ? { pixanosColor: order.pixanosColor } : {}),
    ...(order.daily ? { daily: true } : {}),
  };
}

/** POST /buy/stars, then the invoice in Telegram. */
export function buyWithStars(order: Order): AppThunk<Promise<PurchaseResult>> {
  return (dispatch, _getState, { http, platform }) => {
    const work = (async (): Promise<PurchaseResult> => {
      if (platform.kind !== 'telegram') return { ok: false, error: 'starsNeedTelegram' };
      let invoice: BuyStarsResponse;
      try {
        invoice = await http.post<BuyStarsResponse>('/buy/stars', starsBody(order));
      } catch {
        platform.haptic('error');
        return { ok: false, error: 'stars' };
      }
      const outcome = await platform.openInvoice(invoice.result);
      if (outcome === 'unsupported') return { ok: false, error: 'starsNeedTelegram' };
      if (outcome === 'paid' || outcome === 'pending') {
        platform.haptic('success');
        void dispatch(loadBuyList());
        return { ok: true, channel: 'stars' };
      }
      platform.haptic('error');
      return { ok: false, error: 'stars' };
    })();
    return dispatch(trackPurchase(work));
  };
}

/**
 * POST /transactions/start, then the transfer through the connected wallet: the server answers
 * with the TON Connect message (the memo comment, or the jetton transfer to the buyer's jetton
 * wallet), which goes to the wallet as it is.
 */
export function buyWithCrypto(
  order: Order,
  connector: TonWalletConnector,
  account: WalletAccount | null,
): AppThunk<Promise<PurchaseResult>> {
  return (dispatch, _getState, { http, platform }) => {
    const work = (async (): Promise<PurchaseResult> => {
      if (order.currencyId === CurrencyId.Stars) return { ok: false, error: 'wrongCurrency' };
      if (!account) return { ok: false, error: 'walletNeeded' };
      const body: StartTransactionBody = {
        buyerWallet: account.address,
        goodId: order.productId,
        currencyId: order.currencyId,
        quantity: order.qty,
        ...(order.pixanosColor ? { pixanosColor: order.pixanosColor } : {}),
        ...(order.daily ? { daily: true } : {}),
      };
      let started: StartTransactionResponse;
      try {
        started = await http.post<StartTransactionResponse>('/transactions/start', body);
      } catch (error) {
        platform.haptic('error');
        if (error instanceof ApiError && error.code === 'WRONG_CURRENCY')
          return { ok: false, error: 'wrongCurrency' };
        if (error instanceof ApiError && error.code === 'WALLET_NOT_CONNECTED')
          return { ok: false, error: 'walletNeeded' };
        return { ok: false, error: 'crypto' };
      }
      try {
        await connector.send({ validUntil: started.validUntil, messages: [started.message] });
      } catch {
        platform.haptic('error');
        return { ok: false, error: 'crypto' };
      }
      platform.haptic('success');
      return { ok: true, channel: 'crypto' };
    })();
    return dispatch(trackPurchase(work));
  };
}
