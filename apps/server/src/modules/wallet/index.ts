export { tonAllowedDomains } from './domains.ts';
export { registerWalletRoutes, type WalletRoutesDeps } from './routes.ts';
export {
  createWalletService,
  type WalletService,
  type WalletServiceDeps,
} from './service.ts';
