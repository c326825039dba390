/**
 * TON payments: orders paid in TON or jettons (they fulfil the shop's orders) and their routes,
 * and the payment watcher (null when no payment wallet is configured), which runs on the cluster
 * leader only.
 */
import { serverModule } from '../../app/module.ts';
import type { Database } from '../../db/client.ts';
import { createToncenterIndexer, type TonIndexer } from '../../integrations/ton/indexer.ts';
import type { WalletService } from '../wallet/service.ts';
import type { TonConfig } from './config.ts';
import { registerTonRoutes } from './routes.ts';
import { createTonOrders } from './service.ts';
import { createTonWatchStore } from './store.ts';
import type { ShopOrders } from './types.ts';
import { createTonWatcher, type TonWatcherLog } from './watcher.ts';

export interface TonModuleDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  config: TonConfig;
  shop: ShopOrders;
  /** the wallet module's service: a payment comes from the player's connected wallet */
  wallets: WalletService;
  /** the users service: refuses banned or unknown players on the order routes */
  players?: { requirePlayer(userId: number): Promise<unknown> };
  log: TonWatcherLog;
  /** defaults to toncenter at config.indexer */
  indexer?: TonIndexer;
}

export function createTonModule(deps: TonModuleDeps) {
  const { config } = deps;
  // One indexer: the watcher reads transfers with it, the orders look up buyers' jetton wallets.
  const indexer = deps.indexer ?? createToncenterIndexer(config.indexer);
  const orders = createTonOrders({
    db: deps.db,
    shop: deps.shop,
    wallets: deps.wallets,
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
  return serverModule({
    name: 'ton',
    orders,
    watcher,
    register(app) {
      registerTonRoutes(app, { orders, ...(deps.players ? { players: deps.players } : {}) });
    },
    lead(leading) {
      if (leading) watcher?.start();
      else void watcher?.stop();
    },
    stop: async () => {
      await watcher?.stop();
    },
  });
}

export type TonModule = ReturnType<typeof createTonModule>;
