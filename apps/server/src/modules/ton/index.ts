export { type TonConfig, type TonEnv, tonConfigFrom, tonEnvShape } from './config.ts';
export { createTonModule, type TonModule, type TonModuleDeps } from './module.ts';
export { registerTonRoutes, type TonRoutesDeps } from './routes.ts';
export { createTonOrders, type TonOrder, type TonOrders, type TonOrdersDeps } from './service.ts';
export { createTonWatchStore, type TonWatchStore } from './store.ts';
export { parseJettonMasterOverrides, type ShopOrders, tonCurrencies } from './types.ts';
export { createTonWatcher, type TonWatcher, type TonWatcherDeps } from './watcher.ts';
