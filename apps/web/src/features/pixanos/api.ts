import type { HistoryAllResponse, PixanosRatingResponse } from '@pixel-wall/shared';
import type { HttpClient } from '../../api/http.ts';
import { getParsed } from '../../api/useHttp.ts';

/** GET /ratings/pixanos?limit&offset → {rating, total}, 10 a page (SPEC §9). */
export function loadPixanosRating(
  http: HttpClient,
  offset: number,
  limit: number,
  signal: AbortSignal,
): Promise<PixanosRatingResponse> {
  return getParsed(http, '/ratings/pixanos', (s) => s.pixanosRatingResponse, {
    query: { offset, limit },
    signal,
  });
}

/** GET /history/all?offset&limit → {list, total}: the snaps in History, newest first. */
export function loadSnapHistory(
  http: HttpClient,
  offset: number,
  limit: number,
  signal: AbortSignal,
): Promise<HistoryAllResponse> {
  return getParsed(http, '/history/all', (s) => s.historyAllResponse, { query: { offset, limit }, signal });
}
