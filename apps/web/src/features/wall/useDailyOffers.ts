import { GAME_DEFAULTS } from '@pixel-wall/shared/core';
import { useCallback, useEffect, useState } from 'react';
import { useHttp } from '../../api/useHttp.ts';
import { useAppDispatch } from '../../store/hooks.ts';
import { goodsLeft } from '../../store/shopStore.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { claimDailyFree, type LimitedOffer, limitedOffer, loadDailyList, markClaimed } from './daily.ts';

/** Now, refreshed every 500 ms while `active` (SPEC §9 countdown refresh). */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), GAME_DEFAULTS.timing.countdownRefreshMs);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

export type ClaimState = 'idle' | 'pending' | 'claimed';

export interface DailyOffers {
  /** when today's offers end (the next UTC midnight) */
  endsAt: number | null;
  offer: LimitedOffer | null;
  now: number;
  free: { productId: number; name: string; quantity: number; claimed: boolean } | null;
  claim: ClaimState;
  /** Takes today's free item; resolves true when it was taken now. */
  takeFree(): Promise<boolean>;
}

/**
 * GET /daily/list, loaded again when the player signs in or out, and GET /daily/free to take the
 * free item; the item's count on the boost buttons follows the answer.
 */
export function useDailyOffers(signedIn: boolean, onError: (error: unknown) => void): DailyOffers {
  const http = useHttp();
  const dispatch = useAppDispatch();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a sign-in changes what the list says
  const load = useCallback((signal: AbortSignal) => loadDailyList(http, signal), [http, signedIn]);
  const list = useAsync(load);
  const [claim, setClaim] = useState<ClaimState>('idle');
  const data = list.data;
  const ends = data?.endsAt ?? null;
  const now = useNow(ends !== null);
  // A new day brings a new list.
  const expired = ends !== null && now >= ends;
  const { retry } = list;
  useEffect(() => {
    if (expired) retry();
  }, [expired, retry]);

  const free = data
    ? {
        productId: data.free.good_id,
        name: data.free.name,
        quantity: data.free.quantity,
        claimed: data.free.claimed || claim === 'claimed',
      }
    : null;

  const takeFree = async (): Promise<boolean> => {
    if (!free || free.claimed || claim === 'pending') return false;
    setClaim('pending');
    try {
      const got = await claimDailyFree(http);
      dispatch(goodsLeft(got.good_id, got.available));
      list.update(markClaimed);
      setClaim('claimed');
      return true;
    } catch (error) {
      setClaim('idle');
      onError(error);
      return false;
    }
  };

  return { endsAt: ends, offer: limitedOffer(data, now), now, free, claim, takeFree };
}
