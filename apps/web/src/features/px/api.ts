import type { PxLedger, PxLedgerKind, TokenStats } from '@pixel-wall/shared';
import type { HttpClient } from '../../api/http.ts';
import { getParsed } from '../../api/useHttp.ts';

/** GET /history/px/stats: price, market cap, volume and supply; 503 when unavailable. */
export function loadTokenStats(http: HttpClient, signal?: AbortSignal): Promise<TokenStats> {
  return getParsed(http, '/history/px/stats', (s) => s.tokenStatsSchema, signal ? { signal } : {});
}

/** GET /px/ledger/{kind}: a buyback, burn or fund wallet's PX transfers and their total. */
export function loadLedger(http: HttpClient, kind: PxLedgerKind, signal?: AbortSignal): Promise<PxLedger> {
  return getParsed(http, `/px/ledger/${kind}`, (s) => s.pxLedgerSchema, signal ? { signal } : {});
}
