import type { PixanosRatingResponse } from '@pixel-wall/shared';
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
