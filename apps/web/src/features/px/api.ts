import type { PxLedger, PxLedgerKind } from '@pixel-wall/shared';
import type { HttpClient } from '../../api/http.ts';
import { getParsed } from '../../api/useHttp.ts';

/** GET /px/ledger/{kind}: a buyback, burn or fund wallet's PX transfers and their total. */
export function loadLedger(http: HttpClient, kind: PxLedgerKind, signal?: AbortSignal): Promise<PxLedger> {
  return getParsed(http, `/px/ledger/${kind}`, (s) => s.pxLedgerSchema, signal ? { signal } : {});
}
