import type { HistoryStats, TokenStats, UsersStats } from '@pixel-wall/shared';
import { useEffect } from 'react';
import { whenIdle } from '../platform/idle.ts';
import { selectPublicConfig } from '../store/configSlice.ts';
import { useAppSelector } from '../store/hooks.ts';
import type { HttpClient } from './http.ts';
import { getParsed, useHttp } from './useHttp.ts';

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

/** GET /history/px/stats: price, market cap, volume and supply; 503 when no market is configured. */
export function loadTokenStats(http: HttpClient, signal?: AbortSignal): Promise<TokenStats> {
  return getParsed(http, '/history/px/stats', (s) => s.tokenStatsSchema, signal ? { signal } : {});
}

const tokenStats = new WeakMap<HttpClient, Promise<TokenStats>>();

/**
 * Token stats are fetched once (SPEC §4) and kept for the visit; the /px token tab reads the same
 * answer. A failed fetch is tried again on the next read.
 */
export function tokenStatsOnce(http: HttpClient): Promise<TokenStats> {
  let stats = tokenStats.get(http);
  if (!stats) {
    stats = loadTokenStats(http);
    tokenStats.set(http, stats);
    stats.catch(() => {
      if (tokenStats.get(http) === stats) tokenStats.delete(http);
    });
  }
  return stats;
}

const prefetched = new WeakSet<HttpClient>();

/**
 * SPEC §4 "token stats fetched once when idle": when the server says market data is configured
 * (public config `marketData`; otherwise the call is a 503 on every page), the stats are fetched
 * in the browser's first idle time, once per page life. Returns the cancel of a prefetch not yet run.
 */
export function prefetchTokenStatsWhenIdle(
  http: HttpClient,
  marketData: boolean,
  idle: (task: () => void) => () => void = whenIdle,
): () => void {
  if (!marketData || prefetched.has(http)) return () => {};
  return idle(() => {
    if (prefetched.has(http)) return;
    prefetched.add(http);
    tokenStatsOnce(http).catch(() => {});
  });
}

/** Prefetches the token stats when the app is first idle, if the server has market data. */
export function useTokenStatsWhenIdle(): void {
  const http = useHttp();
  const marketData = useAppSelector(selectPublicConfig)?.marketData === true;
  useEffect(() => prefetchTokenStatsWhenIdle(http, marketData), [http, marketData]);
}
