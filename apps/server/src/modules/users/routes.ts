import {
  API_PREFIX,
  localizationQuery,
  localizationResponse,
  miningResultsResponse,
  miningStatusSchema,
  msUntilNextCharge,
  userSchema,
} from '@pixel-wall/shared';
import type { FastifyRequest } from 'fastify';
import type { Engine } from '../../engine/types.ts';
import { type App, callerId } from '../../http.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { UsersService } from './service.ts';

export interface UsersRoutesDeps {
  users: UsersService;
  tokens: Pick<TokenService, 'websocketToken'>;
  engine: Pick<Engine, 'charges'>;
  miningStatus(
    userId: number,
    now: number,
  ): Promise<{
    coins: number;
    fromStart: number;
    fromUpdate: number;
    maxMiningTime: number;
    speedPerSecond: number;
    boosts: { id: string; level: number; maxLevel: number }[];
    tasks: { id: string; done: boolean }[];
  }>;
  walletAddressOf(userId: number): Promise<string | null>;
  countryOf(req: FastifyRequest): string | null;
}

export function registerUsersRoutes(app: App, deps: UsersRoutesDeps): void {
  app.get(
    `${API_PREFIX}/users/me`,
    { schema: { response: { 200: userSchema } }, config: { auth: 'required' } },
    async (req) => {
      const userId = callerId(req);
      const me = await deps.users.me(userId, {
        websocketToken: deps.tokens.websocketToken(userId),
        country: deps.countryOf(req),
        walletAddress: await deps.walletAddressOf(userId),
      });
      // A dev sign-in is a player whatever its id's role.
      return req.devSession ? { ...me, isAdmin: false } : me;
    },
  );

  app.get(
    `${API_PREFIX}/mining/status`,
    { schema: { response: { 200: miningStatusSchema } }, config: { auth: 'required' } },
    async (req) => {
      const userId = callerId(req);
      await deps.users.requirePlayer(userId);
      const now = Date.now();
      const [{ charges, rules }, mining, wallet] = await Promise.all([
        deps.engine.charges(userId, now),
        deps.miningStatus(userId, now),
        deps.walletAddressOf(userId),
      ]);
      return {
        charges: charges.charges,
        maxCharges: rules.max,
        reChargeSpeed: rules.speedMs,
        reChargeTimer: msUntilNextCharge(charges, rules, now),
        reChargeTs: charges.updatedAt,
        addedCharges: 0,
        ...mining,
        walletVerification: wallet !== null,
      };
    },
  );

  // The player's final mining results: all PX claimed, boosts bought, place among the miners.
  app.get(
    `${API_PREFIX}/users/game/results`,
    { schema: { response: { 200: miningResultsResponse } }, config: { auth: 'required' } },
    async (req) => deps.users.gameResults(callerId(req)),
  );

  // The language the bot and server-made messages use for this player (?loc= one of the ten).
  app.post(
    `${API_PREFIX}/users/localization`,
    {
      schema: { querystring: localizationQuery, response: { 200: localizationResponse } },
      config: { auth: 'required' },
    },
    async (req) => {
      await deps.users.setLocale(callerId(req), req.query.loc);
      return { success: true as const, locale: req.query.loc };
    },
  );
}
