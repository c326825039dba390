import { API_PREFIX, miningStatusSchema, msUntilNextCharge, userSchema } from '@pixel-wall/shared';
import type { FastifyRequest } from 'fastify';
import type { Engine } from '../../engine/types.ts';
import { type App, callerId } from '../../http.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { UsersService } from './service.ts';

export interface UsersRoutesDeps {
  users: UsersService;
  tokens: Pick<TokenService, 'websocketToken'>;
  engine: Pick<Engine, 'charges'>;
  mining: { pxPerSecond: number; maxSeconds: number };
  countryOf(req: FastifyRequest): string | null;
}

export function registerUsersRoutes(app: App, deps: UsersRoutesDeps): void {
  app.get(
    `${API_PREFIX}/users/me`,
    { schema: { response: { 200: userSchema } }, config: { auth: 'required' } },
    async (req) => {
      const userId = callerId(req);
      return deps.users.me(userId, {
        websocketToken: deps.tokens.websocketToken(userId),
        country: deps.countryOf(req),
      });
    },
  );

  app.get(
    `${API_PREFIX}/mining/status`,
    { schema: { response: { 200: miningStatusSchema } }, config: { auth: 'required' } },
    async (req) => {
      const userId = callerId(req);
      await deps.users.requirePlayer(userId);
      const now = Date.now();
      const { charges, rules } = await deps.engine.charges(userId, now);
      return {
        charges: charges.charges,
        maxCharges: rules.max,
        reChargeSpeed: rules.speedMs,
        reChargeTimer: msUntilNextCharge(charges, rules, now),
        reChargeTs: charges.updatedAt,
        addedCharges: 0,
        coins: 0,
        speedPerSecond: deps.mining.pxPerSecond,
        fromStart: 0,
        fromUpdate: 0,
        maxMiningTime: deps.mining.maxSeconds,
        walletVerification: false,
        boosts: [],
        tasks: [],
      };
    },
  );
}
