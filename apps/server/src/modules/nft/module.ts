/** NFT drawings: a player's drawing uploaded, reviewed by an admin and minted to their wallet. */
import { serverModule } from '../../app/module.ts';
import type { UploadGate } from '../../lib/upload-gate.ts';
import { registerNftRoutes } from './routes.ts';
import { createNftService, type NftServiceDeps } from './service.ts';

export interface NftModuleDeps extends NftServiceDeps {
  /** PUBLIC_URL: the metadata's links */
  publicUrl: string | null;
  /** authenticates an upload before its body is read */
  uploadGate: UploadGate;
}

export function createNftModule(deps: NftModuleDeps) {
  const nft = createNftService(deps);
  return serverModule({
    name: 'nft',
    nft,
    register: (app) =>
      registerNftRoutes(app, nft, { publicUrl: deps.publicUrl, uploadGate: deps.uploadGate }),
  });
}
