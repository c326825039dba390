/**
 * NFT drawings: a player's drawing uploaded, reviewed by an admin and minted to their wallet; the
 * mint watcher (on when a collection is configured) runs on the cluster leader only.
 */
import { serverModule } from '../../app/module.ts';
import { createToncenterApi, type ToncenterApi } from '../../integrations/ton/toncenter-api.ts';
import type { UploadGate } from '../../lib/upload-gate.ts';
import type { TonConfig } from '../ton/config.ts';
import type { WalletService } from '../wallet/service.ts';
import { registerNftRoutes } from './routes.ts';
import { createNftService, type NftServiceDeps } from './service.ts';
import { createNftWatcher, type NftWatcherLog } from './watcher.ts';

export interface NftModuleDeps extends Omit<NftServiceDeps, 'walletOf' | 'collection'> {
  /** NFT_COLLECTION_ADDRESS (minting is off without it); PUBLIC_URL (the metadata's links) */
  config: {
    nft: { collection: string | null };
    publicUrl: string | null;
    /** the toncenter the mint watcher asks, and how often */
    ton: Pick<TonConfig, 'indexer' | 'watchIntervalMs'>;
  };
  /** the wallet module's service: an NFT is minted to the player's connected wallet */
  wallets: Pick<WalletService, 'addressOf'>;
  /** authenticates an upload before its body is read */
  uploadGate: UploadGate;
  log: NftWatcherLog;
  /** defaults to toncenter at config.ton.indexer */
  tonApi?: Pick<ToncenterApi, 'transactionsByMessage'>;
}

export function createNftModule(deps: NftModuleDeps) {
  const { config, wallets, uploadGate } = deps;
  const nft = createNftService({
    db: deps.db,
    users: deps.users,
    walletOf: (userId) => wallets.addressOf(userId),
    isAdmin: deps.isAdmin,
    collection: config.nft.collection,
    now: deps.now,
  });
  const watcher = config.nft.collection
    ? createNftWatcher({
        db: deps.db,
        api: deps.tonApi ?? createToncenterApi(config.ton.indexer),
        collection: config.nft.collection,
        intervalMs: config.ton.watchIntervalMs,
        log: deps.log,
      })
    : null;
  return serverModule({
    name: 'nft',
    nft,
    watcher,
    register: (app) => registerNftRoutes(app, nft, { publicUrl: config.publicUrl, uploadGate }),
    lead(leading) {
      if (leading) watcher?.start();
      else void watcher?.stop();
    },
    stop: async () => {
      await watcher?.stop();
    },
  });
}
