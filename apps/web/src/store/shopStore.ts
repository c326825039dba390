/**
 * The catalogue and what the player holds (GET /buy/list), shared by the shop and the Wall's
 * boost buttons. One small store per app (keyed by its HTTP client), read with
 * useSyncExternalStore; the store/ slices stay as they are.
 */
import type { BuyListResponse, GoodsAvailable, ShopProduct } from '@pixel-wall/shared';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { HttpClient } from '../api/http.ts';
import { useAppDispatch, useAppSelector } from './hooks.ts';
import type { AppThunk, AsyncStatus, ThunkExtra } from './index.ts';
import { selectSignedIn } from './sessionSlice.ts';

export interface ShopState {
  status: AsyncStatus;
  products: readonly ShopProduct[];
  goods: GoodsAvailable;
  /** a purchase under way (the paint flow waits for it before using a refill) */
  pending: Promise<unknown> | null;
}

export interface ShopStore {
  get(): ShopState;
  update(patch: Partial<ShopState>): void;
  subscribe(fn: () => void): () => void;
}

const EMPTY: ShopState = { status: 'idle', products: [], goods: {}, pending: null };

function createShopStore(): ShopStore {
  let state = EMPTY;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    update(patch) {
      state = { ...state, ...patch };
      for (const fn of listeners) fn();
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}

const stores = new WeakMap<HttpClient, ShopStore>();

export function shopStoreOf(http: HttpClient): ShopStore {
  let store = stores.get(http);
  if (!store) {
    store = createShopStore();
    stores.set(http, store);
  }
  return store;
}

/** The thunk services, for hooks that need the app's HTTP client. */
export const thunkExtra = (): AppThunk<ThunkExtra> => (_dispatch, _getState, extra) => extra;

/** How many of a product the player holds. */
export function goodsCount(goods: GoodsAvailable, productId: number): number {
  return goods[String(productId)] ?? 0;
}

export function loadBuyList(): AppThunk<Promise<void>> {
  return async (_dispatch, _getState, { http }) => {
    const store = shopStoreOf(http);
    store.update({ status: 'pending' });
    try {
      const list = await http.get<BuyListResponse>('/buy/list');
      store.update({ status: 'fulfilled', products: list.products, goods: list.goodsAvailable });
    } catch {
      store.update({ status: 'rejected' });
    }
  };
}

/** The server told us how many are left after a use. */
export function goodsLeft(productId: number, left: number): AppThunk {
  return (_dispatch, _getState, { http }) => {
    const store = shopStoreOf(http);
    store.update({ goods: { ...store.get().goods, [String(productId)]: left } });
  };
}

/** Runs `work` as the pending purchase, so the paint flow can wait for it. */
export function trackPurchase<T>(work: Promise<T>): AppThunk<Promise<T>> {
  return (_dispatch, _getState, { http }) => {
    const store = shopStoreOf(http);
    const pending = work.finally(() => {
      if (store.get().pending === pending) store.update({ pending: null });
    });
    store.update({ pending });
    return work;
  };
}

/** The shop state; loads the list on first use and again when the player signs in or out. */
export function useShop(): ShopState & { reload(): void } {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectSignedIn);
  const store = useMemo(() => shopStoreOf(dispatch(thunkExtra()).http), [dispatch]);
  const state = useSyncExternalStore(store.subscribe, store.get);
  // biome-ignore lint/correctness/useExhaustiveDependencies: signedIn changes what the list holds
  useEffect(() => {
    void dispatch(loadBuyList());
  }, [dispatch, signedIn]);
  return useMemo(
    () => ({
      ...state,
      goods: signedIn ? state.goods : {},
      reload: () => void dispatch(loadBuyList()),
    }),
    [state, signedIn, dispatch],
  );
}
