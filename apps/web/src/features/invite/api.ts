import type { Friends, RevshareResponse } from '@pixel-wall/shared';
import type { HttpClient } from '../../api/http.ts';
import { checked, getParsed } from '../../api/useHttp.ts';
import type { Page } from '../../ui/list/pagination.ts';

export type Friend = Friends['list'][number];

/** Players who came through the player's link: GET /users/me/friends?limit&offset. */
export async function loadFriends(
  http: HttpClient,
  offset: number,
  limit: number,
  signal: AbortSignal,
): Promise<Page<Friend, null>> {
  const body = await getParsed(http, '/users/me/friends', (s) => s.friendsResponse, {
    query: { limit, offset },
    signal,
  });
  return { items: body.list, total: body.total, extra: null };
}

/** Rev-share rows (SPEC §3) and the balance share: GET /users/me/revshare, 403 below 10,000 frens. */
export function loadRevshare(http: HttpClient, signal: AbortSignal): Promise<RevshareResponse> {
  return getParsed(http, '/users/me/revshare', (s) => s.revshareResponse, { signal });
}

/** POST /users/balance/share {balance_share_percent}: the percentage the server now holds. */
export async function saveBalanceShare(http: HttpClient, percent: number): Promise<number> {
  const body = await checked(
    (s) => s.balanceShareResponse,
    http.post<unknown>('/users/balance/share', { balance_share_percent: percent }),
    'Unexpected response from /users/balance/share',
  );
  return body.balance_share_percent;
}
