/**
 * Wires the TON side in one call for app.ts: the wallet service (proof, captcha, connected
 * address), TON orders, their routes, and the payment watcher (null when no payment wallet is
 * configured). The caller starts the watcher on the cluster leader only and stops it on shutdown.
 */
import type { Database } from '../../db/client.ts';
import type { App } from '../../http.ts';
import { createToncenterIndexer, type TonIndexer } from '../../integrations/ton/indexer.ts';
import {
  createToncenterRunGetMethod,
  createWalletKeyLookup,
  type RunGetMethod,
} from '../../integrations/ton/wallet-key.ts';
import { registerWalletRoutes } from '../wallet/routes.ts';
import { createWalletService, type WalletService } from '../wallet/service.ts';
import type { TonConfig } from './config.ts';
import { registerTonRoutes } from './routes.ts';
import { createTonOrders, type TonOrders } from './service.ts';
import { createTonWatchStore } from './store.ts';
import type { ShopOrders } from './types.ts';
import { createTonWatcher, type TonWatcher, type TonWatcherLog } from './watcher.ts';

export interface TonModuleDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  config: TonConfig;
  shop: ShopOrders;
  /** the users service: refuses banned or unknown players on the wallet and order routes */
  players?: { requirePlayer(userId: number): Promise<unknown> };
  log: TonWatcherLog;
  /** defaults to toncenter at config.indexer */
  indexer?: TonIndexer;
  /** get-methods (a wallet's get_public_key for ton_proof); defaults to toncenter at config.indexer */
  runGetMethod?: RunGetMethod;
}

export interface TonModule {
  wallets: WalletService;
  orders: TonOrders;
  watcher: TonWatcher | null;
  register(app: App): void;
}

export function createTonModule(deps: TonModuleDeps): TonModule {
  const { config } = deps;
  const wallets = createWalletService({
    db: deps.db,
    allowedDomains: config.allowedDomains,
    network: config.network,
    proofMaxAgeSeconds: config.proofMaxAgeSeconds,
    walletKeys: createWalletKeyLookup({
      runGetMethod: deps.runGetMethod ?? createToncenterRunGetMethod(config.indexer),
    }),
  });
  const indexer = deps.indexer ?? createToncenterIndexer(config.indexer);
  const orders = createTonOrders({
    db: deps.db,
    shop: deps.shop,
    wallets,
    jettonWallets: indexer,
    paymentWallet: config.paymentWallet,
    network: config.network,
    jettonMasters: config.jettonMasters,
    log: deps.log,
  });
  const watcher = orders.paymentWallet
    ? createTonWatcher({
        indexer,
        orders,
        store: createTonWatchStore(deps.db),
        paymentWallet: orders.paymentWallet,
        intervalMs: config.watchIntervalMs,
        log: deps.log,
      })
    : null;
  return {
    wallets,
    orders,
    watcher,
    register(app) {
      registerWalletRoutes(app, { wallets, ...(deps.players ? { players: deps.players } : {}) });
      registerTonRoutes(app, { orders, ...(deps.players ? { players: deps.players } : {}) });
    },
  };
}
