/** The shop's module and what other modules use of it (the TON watcher fulfils its orders). */

export { type ShopConfig, type ShopEnv, shopConfigFrom, shopEnvShape } from './config.ts';
export { createShopModule, type ShopModule, type ShopModuleDeps } from './module.ts';
export type { CreateOrderInput, FulfilInput, FulfilResult, Order, Orders } from './orders.ts';
export { createOrders, newMemo } from './orders.ts';
export { registerRefundRoutes } from './refund-routes.ts';
export { registerShopRoutes } from './routes.ts';
