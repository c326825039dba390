/**
 * Resolves the caller from `Authorization`: `Bearer <token>` (our access token) or
 * `initData <raw>` (Telegram Mini App launch data, verified by HMAC with the bot token). A
 * verified initData is cached by a SHA-256 of the whole string, so repeated calls cost one digest
 * and one map look-up; any other string (a bare `hash=`, a changed field) is verified afresh.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { verifyInitData } from '../../integrations/telegram/init-data.ts';
import { BoundedMap } from '../../lib/bounded-map.ts';
import type { UsersService } from '../users/service.ts';
import type { Caller } from './guard.ts';
import type { TokenService } from './tokens.ts';

export interface AuthenticateDeps {
  tokens: Pick<TokenService, 'verifyAccess'>;
  users: Pick<UsersService, 'signIn'>;
  botToken: string | null;
  initDataMaxAgeSeconds: number;
  countryOf(req: FastifyRequest): string | null;
  now?: () => number;
}

const INIT_DATA_CACHE_MS = 60_000;

export function createAuthenticator(deps: AuthenticateDeps) {
  const now = deps.now ?? Date.now;
  const initDataCache = new BoundedMap<string, { userId: number; at: number; authDate: number }>(100_000);

  async function fromInitData(raw: string, req: FastifyRequest): Promise<number> {
    if (!deps.botToken)
      throw new AppError('INVALID_INIT_DATA', 'Telegram sign-in is not configured on this server.');
    const result = verifyInitData(raw, {
      botToken: deps.botToken,
      maxAgeSeconds: deps.initDataMaxAgeSeconds,
      now: Math.floor(now() / 1000),
    });
    if (!result.ok) throw new AppError(result.code, result.reason);
    const user = result.data.user;
    if (!user) throw new AppError('INVALID_INIT_DATA', 'The launch data carries no user.');
    const { profile } = await deps.users.signIn(
      {
        id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        username: user.username,
        photoUrl: user.photoUrl,
        languageCode: user.languageCode,
        isPremium: user.isPremium,
      },
      { startParam: result.data.startParam, country: deps.countryOf(req), now: now() },
    );
    return profile.id;
  }

  /** The caller, and whether they signed in through dev sign-in; null for a guest. */
  async function callerOf(req: FastifyRequest): Promise<Caller | null> {
    const header = req.headers.authorization;
    if (!header) return null;
    if (header.length > 10_000) throw new AppError('UNAUTHORIZED', 'The Authorization header is too long.');
    const space = header.indexOf(' ');
    const scheme = space > 0 ? header.slice(0, space) : header;
    const value = space > 0 ? header.slice(space + 1).trim() : '';
    if (scheme === 'Bearer') {
      const claims = value ? await deps.tokens.verifyAccess(value) : null;
      if (!claims) throw new AppError('UNAUTHORIZED', 'The access token is not valid or has expired.');
      return { userId: claims.userId, dev: claims.dev };
    }
    if (scheme === 'initData') {
      const key = createHash('sha256').update(value).digest('base64');
      const cached = initDataCache.get(key);
      const t = now();
      if (
        cached &&
        t - cached.at < INIT_DATA_CACHE_MS &&
        t / 1000 - cached.authDate < deps.initDataMaxAgeSeconds
      ) {
        return { userId: cached.userId, dev: false };
      }
      const userId = await fromInitData(value, req);
      const authDate = Number(/(?:^|&)auth_date=(\d+)/.exec(value)?.[1] ?? 0);
      initDataCache.set(key, { userId, at: t, authDate });
      return { userId, dev: false };
    }
    throw new AppError('UNAUTHORIZED', 'Unsupported Authorization scheme; use Bearer or initData.');
  }

  return {
    callerOf,

    /** The verified initData of a sign-in call, creating the player on first sight. */
    signInWithInitData: fromInitData,

    /** The caller's user id, null for a guest; a present but bad credential is a 401. */
    async userIdOf(req: FastifyRequest): Promise<number | null> {
      return (await callerOf(req))?.userId ?? null;
    },
  };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;
