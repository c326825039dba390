/** Hidden-template game calls (SPEC §7: reward stats, hidden reward rating). */
import {
  HIDDEN_RATING_PAGE,
  type HiddenRating,
  type HiddenStats,
  hiddenRatingSchema,
  hiddenStatsSchema,
} from '@pixel-wall/shared';
import type { HttpClient } from '../../api/http.ts';
import { getParsed } from '../../api/useHttp.ts';

export const fetchHiddenStats = (http: HttpClient, signal?: AbortSignal): Promise<HiddenStats> =>
  getParsed(http, '/hidden/stats', hiddenStatsSchema, { signal });

export const fetchHiddenRating = (
  http: HttpClient,
  page: number,
  signal?: AbortSignal,
): Promise<HiddenRating> =>
  getParsed(
    http,
    `/hidden/rating?limit=${HIDDEN_RATING_PAGE}&offset=${page * HIDDEN_RATING_PAGE}`,
    hiddenRatingSchema,
    { signal },
  );
