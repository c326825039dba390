/**
 * Token stats are fetched once (SPEC §4): after the first screen, when the browser is idle, and
 * kept for the visit; the token tab reads the same answer. A failed fetch is tried again on the
 * next read.
 */
import type { TokenStats } from '@pixel-wall/shared';
import { useEffect } from 'react';
import type { HttpClient } from '../../api/http.ts';
import { useHttp } from '../../api/useHttp.ts';
import { whenIdle } from '../../platform/idle.ts';
import { loadTokenStats } from './api.ts';

const fetched = new WeakMap<HttpClient, Promise<TokenStats>>();

/** The token stats, from the network the first time only. */
export function tokenStatsOnce(http: HttpClient): Promise<TokenStats> {
  let stats = fetched.get(http);
  if (!stats) {
    stats = loadTokenStats(http);
    fetched.set(http, stats);
    stats.catch(() => {
      if (fetched.get(http) === stats) fetched.delete(http);
    });
  }
  return stats;
}

/** Fetches the token stats once the app is idle, not while the first screen loads. */
export function useTokenStatsWhenIdle(): void {
  const http = useHttp();
  useEffect(
    () =>
      whenIdle(() => {
        tokenStatsOnce(http).catch(() => {});
      }),
    [http],
  );
}
