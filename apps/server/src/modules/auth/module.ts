/**
 * Accounts and who is calling: the players' accounts (users service), sessions (tokens), roles,
 * the authenticator behind every route's `auth` (the guard), the upload gate and sign-in's routes.
 * First in the list: the guard must see every route registered after it.
 */
import type { FastifyRequest } from 'fastify';
import { type Signal, serverModule } from '../../app/module.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { PlayerCaches } from '../../lib/player-caches.ts';
import { serverSecret } from '../../lib/secrets.ts';
import { createUploadBudget, createUploadGate, playerShareOf } from '../../lib/upload-gate.ts';
import { createRoles } from '../moderation/roles.ts';
import { createUsersService } from '../users/service.ts';
import { createAuthenticator } from './authenticate.ts';
import { createCountryReader } from './country.ts';
import { installAuthGuard, requireRole } from './guard.ts';
import { registerAuthRoutes } from './routes.ts';
import { createTokenService } from './tokens.ts';

export interface AuthModuleDeps {
  config: Config;
  db: Database;
  caches: PlayerCaches;
  /** announced when a new player signed in through someone's referral link */
  referrals: Signal<number>;
}

export async function createAuthModule(deps: AuthModuleDeps) {
  const { config, db, caches } = deps;
  const isAdmin = (id: number) => config.adminIds.has(id);
  const tokens = createTokenService({
    db,
    caches,
    secret: await serverSecret(db, 'session', config.sessionSecret),
    accessTtlSeconds: config.accessTokenTtlSeconds,
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
  });
  const users = createUsersService({
    db,
    caches,
    adminIds: config.adminIds,
    startCharges: config.charges.start,
    earlyPlayers: config.earlyPlayers,
    onReferred: (id) => deps.referrals.emit(id),
  });
  // One roles cache for the staff-route guard and the moderation service that changes roles.
  const roles = createRoles({ db, isAdmin, caches });
  const countryOf: (req: FastifyRequest) => string | null = createCountryReader({
    header: config.countryHeader,
    trustProxy: config.trustProxy,
  });
  const authenticator = createAuthenticator({
    tokens,
    users,
    botToken: config.telegram.botToken,
    initDataMaxAgeSeconds: config.telegram.initDataMaxAgeSeconds,
    countryOf,
  });
  // Every upload route authenticates before its body is read, within one byte budget of which a
  // player holds at most a share; Telegram's webhook counts in the same budget.
  const uploadBudget = createUploadBudget(config.uploadBudgetBytes, {
    perOwner: playerShareOf(config.uploadBudgetBytes, config.templates.maxBytes),
  });
  const uploadGate = createUploadGate({
    budget: uploadBudget,
    minRate: config.uploadMinRate,
    authenticate: (req) => authenticator.callerOf(req),
    requireRole,
  });

  return serverModule({
    name: 'auth',
    tokens,
    users,
    roles,
    isAdmin,
    /** a staff role's holder, as the guard reads it (not ADMIN_IDS alone) */
    isAdminRole: async (id: number) => (await roles.roleOf(id)) === 'admin',
    countryOf,
    uploadGate,
    /** the upload byte budget and minimum body rate, for bodies that are not a player's (webhook) */
    uploadLimits: { budget: uploadBudget, minRate: config.uploadMinRate },
    register(app) {
      installAuthGuard(app, { callerOf: (req) => authenticator.callerOf(req), roleOf: roles.roleOf });
      registerAuthRoutes(app, {
        tokens,
        users,
        authenticator,
        botToken: config.telegram.botToken,
        botUsername: config.telegram.botUsername,
        devSignIn: config.devSignIn,
        appUrl: config.publicUrl,
        contactEmail: config.contactEmail,
        pxDefaultCurrency: config.shop.pxDefaultCurrency,
        marketData: config.market.provider.tokenId !== null,
        pxBuybackCommittedUsd: config.pxBuybackCommittedUsd,
        loginMaxAgeSeconds: config.telegram.initDataMaxAgeSeconds,
        signInPerMinute: config.rateLimits.signInPerMinute,
        countryOf,
      });
    },
  });
}

export type AuthModule = Awaited<ReturnType<typeof createAuthModule>>;
