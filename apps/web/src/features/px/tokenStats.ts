/**
 * Token stats are fetched once (SPEC §4) and kept for the visit; the token tab reads the same
 * answer. A failed fetch is tried again on the next read. (Fetching them when the app is first
 * idle waits for the public config to say whether market data is configured: unconfigured, the
 * call is a 503 on every page.)
 */
import type { TokenStats } from '@pixel-wall/shared';
import type { HttpClient } from '../../api/http.ts';
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
