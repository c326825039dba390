export { type MarketConfig, type MarketEnv, marketConfigFrom, marketEnvShape } from './config.ts';
export { createMarketModule, type MarketModuleDeps } from './module.ts';
export { registerMarketRoutes } from './routes.ts';
export { createMarketService, LEDGER_LIMIT, type MarketService, type MarketServiceDeps } from './service.ts';
