/** NFT drawings: a player's drawing uploaded, reviewed by an admin and minted to their wallet. */
import { serverModule } from '../../app/module.ts';
import type { UploadGate } from '../../lib/upload-gate.ts';
import type { WalletService } from '../wallet/service.ts';
import { registerNftRoutes } from './routes.ts';
import { createNftService, type NftServiceDeps } from './service.ts';

export interface NftModuleDeps extends Omit<NftServiceDeps, 'walletOf' | 'collection'> {
  /** NFT_COLLECTION_ADDRESS (minting is off without it); PUBLIC_URL (the metadata's links) */
  config: { nft: { collection: string | null }; publicUrl: string | null };
  /** the wallet module's service: an NFT is minted to the player's connected wallet */
  wallets: Pick<WalletService, 'addressOf'>;
  /** authenticates an upload before its body is read */
  uploadGate: UploadGate;
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
  return serverModule({
    name: 'nft',
    nft,
    register: (app) => registerNftRoutes(app, nft, { publicUrl: config.publicUrl, uploadGate }),
  });
}
