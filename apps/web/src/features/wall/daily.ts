/**
 * Today's offers on the Wall (SPEC §7 GET /daily/list, GET /daily/free): the limited bundle with
 * its end time for the offer button, and the free item a player takes once per UTC day.
 */
import type { DailyFreeResponse, DailyListResponse, ShopProduct } from '@pixel-wall/shared';
import type { HttpClient } from '../../api/http.ts';
import { getParsed } from '../../api/useHttp.ts';

export function loadDailyList(http: HttpClient, signal?: AbortSignal): Promise<DailyListResponse> {
  return getParsed(http, '/daily/list', (s) => s.dailyListResponse, signal ? { signal } : {});
}

export function claimDailyFree(http: HttpClient): Promise<DailyFreeResponse> {
  return getParsed(http, '/daily/free', (s) => s.dailyFreeResponse);
}

export interface LimitedOffer {
  product: ShopProduct;
  endsAt: number;
}

/** The limited product on offer today and when it ends, or null when none runs at `now`. */
export function limitedOffer(list: DailyListResponse | null, now: number): LimitedOffer | null {
  if (!list) return null;
  for (const product of list.offers) {
    const endsAt = product.limitedEnd ?? list.endsAt;
    if (product.limited && endsAt > now) return { product, endsAt };
  }
  return null;
}

/** The list after a claim: the free item is taken for today. */
export function markClaimed(list: DailyListResponse): DailyListResponse {
  return { ...list, free: { ...list.free, claimed: true } };
}
