import { API_PREFIX, pxLedgerParams, pxLedgerSchema, tokenStatsSchema } from '@pixel-wall/shared';
import type { App } from '../../http.ts';
import type { MarketService } from './service.ts';

export function registerMarketRoutes(app: App, market: Pick<MarketService, 'tokenStats' | 'ledger'>): void {
  app.get(
    `${API_PREFIX}/history/px/stats`,
    { schema: { response: { 200: tokenStatsSchema } }, config: { auth: 'none' } },
    async () => market.tokenStats(),
  );
  app.get(
    `${API_PREFIX}/px/ledger/:kind`,
    { schema: { params: pxLedgerParams, response: { 200: pxLedgerSchema } }, config: { auth: 'none' } },
    async (req) => market.ledger(req.params.kind),
  );
}
