export { registerWalletRoutes, type WalletRoutesDeps } from './routes.ts';
export {
  createWalletService,
  tonAllowedDomains,
  type WalletService,
  type WalletServiceDeps,
} from './service.ts';
