import { randomInt } from 'node:crypto';
import {
  API_PREFIX,
  devSignInBody,
  initDataSignInBody,
  loginWidgetBody,
  publicConfigResponse,
  refreshBody,
  tokenResponse,
} from '@pixel-wall/shared';
import type { FastifyRequest } from 'fastify';
import { isLoopback } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { App } from '../../http.ts';
import { verifyLoginWidget } from '../../integrations/telegram/login-widget.ts';
import type { UsersService } from '../users/service.ts';
import type { Authenticator } from './authenticate.ts';
import type { TokenService } from './tokens.ts';

export interface AuthRoutesDeps {
  tokens: TokenService;
  users: Pick<UsersService, 'signIn'>;
  authenticator: Authenticator;
  botToken: string | null;
  botUsername: string | null;
  devSignIn: boolean;
  appUrl: string | null;
  /** null: none configured (CONTACT_EMAIL), the web shows no address */
  contactEmail: string | null;
  /** SHOP_PX_DEFAULT_CURRENCY: the shop opens in PX */
  pxDefaultCurrency: boolean;
  /** PX market data is configured (GET /history/px/stats answers rather than 503) */
  marketData: boolean;
  /** PX_BUYBACK_COMMITTED in US dollars; null: /px/buyback claims no amount */
  pxBuybackCommittedUsd: number | null;
  loginMaxAgeSeconds: number;
  signInPerMinute: number;
  countryOf(req: FastifyRequest): string | null;
}

/** Headers a reverse proxy or CDN adds: a request carrying one did not come from this machine. */
const PROXY_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
  'x-client-ip',
  'client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
  'fly-client-ip',
  'via',
];

/**
 * Whether a Host header names this machine: localhost, 127.x.x.x or [::1], with any port. A page
 * on another name that resolves here (DNS rebinding) sends its own name, and is refused.
 */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host || !/^[A-Za-z0-9.:[\]-]{1,300}$/.test(host)) return false;
  try {
    return isLoopback(new URL(`http://${host}`).hostname);
  } catch {
    return false;
  }
}

// Dev players get ids far above Telegram's so the two never meet.
const DEV_ID_MIN = 1_000_000_000_000_000;
const DEV_ID_SPAN = 2 ** 47;

export function registerAuthRoutes(app: App, deps: AuthRoutesDeps): void {
  const rateLimit = { max: deps.signInPerMinute, timeWindow: '1 minute' };

  app.get(
    `${API_PREFIX}/config`,
    { schema: { response: { 200: publicConfigResponse } }, config: { auth: 'none' } },
    async () => ({
      devSignIn: deps.devSignIn,
      botUsername: deps.botUsername,
      appUrl: deps.appUrl,
      contactEmail: deps.contactEmail,
      pxDefaultCurrency: deps.pxDefaultCurrency,
      marketData: deps.marketData,
      pxBuybackCommittedUsd: deps.pxBuybackCommittedUsd,
    }),
  );

  app.post(
    `${API_PREFIX}/auth/telegram`,
    {
      schema: { body: initDataSignInBody, response: { 200: tokenResponse } },
      config: { auth: 'none', rateLimit },
    },
    async (req) => {
      const userId = await deps.authenticator.signInWithInitData(req.body.initData, req);
      return { success: true as const, ...(await deps.tokens.issue(userId)) };
    },
  );

  app.post(
    `${API_PREFIX}/auth/telegram/refresh`,
    { schema: { body: refreshBody, response: { 200: tokenResponse } }, config: { auth: 'none', rateLimit } },
    async (req) => ({ success: true as const, ...(await deps.tokens.refresh(req.body.refresh_token)) }),
  );

  app.post(
    `${API_PREFIX}/auth/telegram/widget`,
    {
      schema: { body: loginWidgetBody, response: { 200: tokenResponse } },
      config: { auth: 'none', rateLimit },
    },
    async (req) => {
      if (!deps.botToken) throw new AppError('INVALID_LOGIN_PAYLOAD', 'Telegram sign-in is not configured.');
      const result = verifyLoginWidget(req.body, {
        botToken: deps.botToken,
        maxAgeSeconds: deps.loginMaxAgeSeconds,
      });
      if (!result.ok) throw new AppError(result.code, result.reason);
      const u = result.user;
      const { profile } = await deps.users.signIn(
        {
          id: u.id,
          firstName: u.firstName,
          lastName: u.lastName,
          username: u.username,
          photoUrl: u.photoUrl,
          languageCode: null,
          isPremium: false,
        },
        { startParam: null, country: deps.countryOf(req), now: Date.now() },
      );
      return { success: true as const, ...(await deps.tokens.issue(profile.id)) };
    },
  );

  app.post(
    `${API_PREFIX}/auth/dev`,
    {
      schema: { body: devSignInBody, response: { 200: tokenResponse } },
      config: { auth: 'none', rateLimit },
    },
    async (req) => {
      if (!deps.devSignIn) {
        throw new AppError(
          'DEV_SIGN_IN_DISABLED',
          'Dev sign-in exists only without a bot token, on a loopback address.',
        );
      }
      if (PROXY_HEADERS.some((h) => req.headers[h] !== undefined)) {
        throw new AppError('DEV_SIGN_IN_DISABLED', 'Dev sign-in is refused through a proxy.');
      }
      // The raw header, not Fastify's req.host (which a trusted proxy's X-Forwarded-Host sets).
      if (!isLoopbackHost(req.raw.headers.host)) {
        throw new AppError(
          'DEV_SIGN_IN_DISABLED',
          'Dev sign-in answers only pages opened at localhost, 127.0.0.1 or [::1].',
        );
      }
      const id = req.body.id ?? DEV_ID_MIN + randomInt(0, DEV_ID_SPAN);
      const { profile } = await deps.users.signIn(
        {
          id,
          firstName: req.body.firstName,
          lastName: null,
          username: null,
          photoUrl: null,
          languageCode: null,
          isPremium: false,
        },
        { startParam: req.body.startParam ?? null, country: deps.countryOf(req), now: Date.now() },
      );
      return { success: true as const, ...(await deps.tokens.issue(profile.id, { dev: true })) };
    },
  );
}
