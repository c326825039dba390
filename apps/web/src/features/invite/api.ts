import type { Friends } from '@pixel-wall/shared';
import type { HttpClient } from '../../api/http.ts';
import { getParsed } from '../../api/useHttp.ts';
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
