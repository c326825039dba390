/** PX market data (CoinGecko) and the buyback, burn and fund ledgers (toncenter). */
import { CurrencyId, TON_NETWORK } from '@pixel-wall/shared';
import { type ModuleLog, serverModule } from '../../app/module.ts';
import { createToncenterJettonLedger, tonExplorer } from '../../integrations/market/jetton-ledger.ts';
import { createCoinGeckoProvider } from '../../integrations/market/market-data.ts';
import type { TonConfig } from '../ton/config.ts';
import type { TonOrders } from '../ton/service.ts';
import type { MarketConfig } from './config.ts';
import { registerMarketRoutes } from './routes.ts';
import { createMarketService } from './service.ts';

export interface MarketModuleDeps {
  config: { market: MarketConfig; ton: TonConfig };
  /** the PX jetton (master, decimals) as the TON module knows it */
  currencies: TonOrders['currencies'];
  log: Pick<ModuleLog, 'warn'>;
}

export function createMarketModule(deps: MarketModuleDeps) {
  const { market: config, ton } = deps.config;
  const px = deps.currencies.get(CurrencyId.PX);
  const market = createMarketService({
    provider: config.provider.tokenId
      ? createCoinGeckoProvider({
          baseUrl: config.provider.baseUrl,
          tokenId: config.provider.tokenId,
          apiKey: config.provider.apiKey,
          timeoutMs: config.provider.timeoutMs,
        })
      : null,
    ledger: createToncenterJettonLedger({
      baseUrl: ton.indexer.baseUrl,
      apiKey: ton.indexer.apiKey,
      timeoutMs: ton.indexer.timeoutMs,
    }),
    pxMaster: px?.jettonMaster ?? null,
    pxDecimals: px?.decimals ?? 9,
    wallets: config.wallets,
    explorer: tonExplorer(ton.network === TON_NETWORK.testnet),
    cacheMs: config.cacheMs,
    log: deps.log,
  });
  return serverModule({
    name: 'market',
    market,
    register: (app) => registerMarketRoutes(app, market),
  });
}
