/**
 * The player's TON wallet: TON Connect (its manifest, ton_proof, captcha) and the connected
 * address that TON payments, payouts, NFTs and /users/me read.
 */
import { serverModule } from '../../app/module.ts';
import type { Database } from '../../db/client.ts';
import {
  createToncenterRunGetMethod,
  createWalletKeyLookup,
  type RunGetMethod,
} from '../../integrations/ton/wallet-key.ts';
import type { TonConfig } from '../ton/config.ts';
import { registerTonConnectManifest } from '../ton/manifest.ts';
import { registerWalletRoutes } from './routes.ts';
import { createWalletService } from './service.ts';

export interface WalletModuleDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  config: TonConfig;
  /** the users service: refuses banned or unknown players */
  players?: { requirePlayer(userId: number): Promise<unknown> };
  /** PUBLIC_URL, the TON Connect manifest's origin; undefined: no manifest route (tests) */
  publicUrl?: string | null;
  /** get-methods (a wallet's get_public_key for ton_proof); defaults to toncenter at config.indexer */
  runGetMethod?: RunGetMethod;
}

export function createWalletModule(deps: WalletModuleDeps) {
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
  return serverModule({
    name: 'wallet',
    wallets,
    register(app) {
      registerWalletRoutes(app, { wallets, ...(deps.players ? { players: deps.players } : {}) });
      if (deps.publicUrl !== undefined) registerTonConnectManifest(app, { publicUrl: deps.publicUrl });
    },
  });
}
