/** Hidden-template game calls (SPEC §7: reward stats, hidden reward rating). */
import type { HiddenRating, HiddenStats } from '@pixel-wall/shared';
import { HIDDEN_RATING_PAGE } from '@pixel-wall/shared/core';
import type { HttpClient } from '../../api/http.ts';
import { getParsed } from '../../api/useHttp.ts';

export const fetchHiddenStats = (http: HttpClient, signal?: AbortSignal): Promise<HiddenStats> =>
  getParsed(http, '/hidden/stats', (s) => s.hiddenStatsSchema, { signal });

export const fetchHiddenRating = (
  http: HttpClient,
  page: number,
  signal?: AbortSignal,
): Promise<HiddenRating> =>
  getParsed(
    http,
    `/hidden/rating?limit=${HIDDEN_RATING_PAGE}&offset=${page * HIDDEN_RATING_PAGE}`,
    (s) => s.hiddenRatingSchema,
    { signal },
  );
