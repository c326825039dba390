import type { HistoryStats, UsersStats } from '@pixel-wall/shared';
import type { HttpClient } from './http.ts';
import { getParsed } from './useHttp.ts';

export function loadUsersStats(http: HttpClient, signal?: AbortSignal): Promise<UsersStats> {
  return getParsed(http, '/users/stats', (s) => s.usersStatsSchema, signal ? { signal } : {});
}

export async function loadOnline(http: HttpClient, signal?: AbortSignal): Promise<number> {
  const body = await getParsed(
    http,
    '/history/online/stats',
    (s) => s.onlineStatsSchema,
    signal ? { signal } : {},
  );
  return body.current_visitors;
}

/** GET /history/stats: repaints overall and today, and how many pixels were ever painted. */
export function loadHistoryStats(http: HttpClient, signal?: AbortSignal): Promise<HistoryStats> {
  return getParsed(http, '/history/stats', (s) => s.historyStatsSchema, signal ? { signal } : {});
}
