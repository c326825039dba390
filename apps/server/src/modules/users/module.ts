/**
 * The player's own page, /users/me, and their websocket token. The accounts themselves (the users
 * service) are the auth module's; this module gathers what /users/me shows from the modules before
 * it: charges (engine, with the boosts' rules), mining and the connected wallet.
 */
import type { FastifyRequest } from 'fastify';
import { serverModule } from '../../app/module.ts';
import type { Engine } from '../../engine/types.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { MiningService } from '../mining/service.ts';
import type { WalletService } from '../wallet/service.ts';
import { registerUsersRoutes } from './routes.ts';
import type { UsersService } from './service.ts';

export interface UsersModuleDeps {
  users: UsersService;
  tokens: Pick<TokenService, 'websocketToken'>;
  engine: Pick<Engine, 'charges'>;
  mining: Pick<MiningService, 'loadChargeRules' | 'miningStatus'>;
  wallets: Pick<WalletService, 'walletAddress'>;
  countryOf(req: FastifyRequest): string | null;
}

export function createUsersModule(deps: UsersModuleDeps) {
  const { engine, mining, wallets } = deps;
  return serverModule({
    name: 'users',
    register(app) {
      registerUsersRoutes(app, {
        users: deps.users,
        tokens: deps.tokens,
        engine: {
          charges: async (userId, now) => {
            await mining.loadChargeRules(userId);
            return engine.charges(userId, now);
          },
        },
        miningStatus: (userId, now) => mining.miningStatus(userId, now),
        walletAddressOf: async (userId) => (await wallets.walletAddress(userId)).wallet_address,
        countryOf: deps.countryOf,
      });
    },
  });
}
