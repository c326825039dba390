/**
 * Bearer tokens and refresh-token rotation.
 *
 * Access tokens are stateless (HMAC-signed user, session family, dev flag, expiry) so a request costs one
 * HMAC, plus a cached look-up that the family has not been revoked. A token whose signature checked
 * out is remembered (claims by token, bounded), so a player's next requests with it skip the HMAC;
 * its expiry is still read on every request. Refresh tokens are random,
 * stored hashed, and single-use: refreshing rotates them; presenting a rotated one again means it
 * leaked, so the whole family (every token of that sign-in) is revoked.
 */
import {
  createHash,
  createHmac,
  createSecretKey,
  type KeyObject,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { BoundedMap } from '../../lib/bounded-map.ts';
import type { PlayerCaches } from '../../lib/player-caches.ts';
import * as store from './store.ts';

export interface TokenPair {
  token: string;
  refresh_token: string;
  expiresIn: number;
}

export interface AccessClaims {
  userId: number;
  familyId: string;
  /** the session began with dev sign-in: never staff */
  dev: boolean;
}

export interface TokenServiceDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  secret: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  now?: () => number;
  /** the instance's player caches: the session revocation cache registers there */
  caches?: Pick<PlayerCaches, 'register' | 'epoch' | 'current'>;
}

const ACCESS_PREFIX = 'pw1';
const WS_PREFIX = 'pws1';
const WS_TTL_SECONDS = 24 * 3600;
const REVOCATION_CACHE_MS = 15_000;
/** Verified tokens remembered; the map is emptied when it reaches this (a fresh start, no eviction). */
const VERIFIED_CACHE_MAX = 50_000;

function b64(buf: Buffer | string): string {
  return Buffer.from(buf).toString('base64url');
}

function sha256(s: string): string {
  return createHash('sha256').update(s).digest('hex');
}

export function createTokenService(deps: TokenServiceDeps) {
  const now = deps.now ?? Date.now;
  // KeyObjects made once: createHmac with a Buffer key imports the key again on every call.
  const key = createSecretKey(createHash('sha256').update(`access:${deps.secret}`).digest());
  const wsKey = createSecretKey(createHash('sha256').update(`websocket:${deps.secret}`).digest());
  // token → its claims, for tokens whose signature was checked (the prefix names the key)
  const verified = new BoundedMap<string, Record<string, unknown>>(VERIFIED_CACHE_MAX);
  // Revocations are final; a family cached as live is dropped when its player is forgotten (ban).
  const familyCache = new BoundedMap<string, { revoked: boolean; at: number; userId: number | null }>(50_000);
  deps.caches?.register('sessions', (userId) => {
    for (const [id, e] of familyCache) if (e.userId === userId && !e.revoked) familyCache.delete(id);
  });

  function sign(k: KeyObject, payload: string): string {
    return createHmac('sha256', k).update(payload).digest('base64url');
  }

  function unexpired(c: Record<string, unknown>): Record<string, unknown> | null {
    return typeof c.e === 'number' && c.e * 1000 > now() ? c : null;
  }

  function verifySigned(k: KeyObject, prefix: string, token: string): Record<string, unknown> | null {
    const known = verified.get(token);
    if (known && token.startsWith(`${prefix}.`)) return unexpired(known);
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== prefix) return null;
    const expected = Buffer.from(sign(k, `${parts[0]}.${parts[1]}`));
    const given = Buffer.from(parts[2]!);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as unknown;
      if (typeof claims !== 'object' || claims === null) return null;
      const c = claims as Record<string, unknown>;
      if (typeof c.e !== 'number') return null;
      verified.set(token, c);
      return unexpired(c);
    } catch {
      return null;
    }
  }

  function accessToken(userId: number, familyId: string, dev: boolean): string {
    const claims = { u: userId, f: familyId, e: Math.floor(now() / 1000) + deps.accessTtlSeconds };
    const body = b64(JSON.stringify(dev ? { ...claims, d: true } : claims));
    return `${ACCESS_PREFIX}.${body}.${sign(key, `${ACCESS_PREFIX}.${body}`)}`;
  }

  async function newRefresh(tx: Pick<Database, 'query'>, userId: number, familyId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await store.insertRefresh(tx, sha256(token), familyId, userId, now() + deps.refreshTtlSeconds * 1000);
    return token;
  }

  async function familyRevoked(familyId: string, userId: number): Promise<boolean> {
    const cached = familyCache.get(familyId);
    if (cached && now() - cached.at < REVOCATION_CACHE_MS) return cached.revoked;
    const stamp = deps.caches?.epoch() ?? 0;
    const revoked = (await store.familyRevoked(deps.db, familyId)) ?? true;
    if (!(deps.caches?.current(stamp) ?? true)) return revoked;
    familyCache.set(familyId, { revoked, at: now(), userId });
    return revoked;
  }

  return {
    /** Starts a new session family for a sign-in; `dev` marks a dev sign-in's (never staff). */
    async issue(userId: number, opts: { dev?: boolean } = {}): Promise<TokenPair> {
      const familyId = randomBytes(16).toString('base64url');
      const dev = opts.dev ?? false;
      const refresh = await deps.db.transaction(async (tx) => {
        await store.insertFamily(tx, familyId, userId, dev);
        return newRefresh(tx, userId, familyId);
      });
      return {
        token: accessToken(userId, familyId, dev),
        refresh_token: refresh,
        expiresIn: deps.accessTtlSeconds,
      };
    },

    async refresh(refreshToken: string): Promise<TokenPair> {
      const hash = sha256(refreshToken);
      const outcome = await deps.db.transaction(async (tx) => {
        // Marking it rotated in the same statement that reads it makes two concurrent refreshes
        // with one token resolve to one winner and one reuse.
        const row = await store.rotateRefresh(tx, hash);
        if (!row) {
          const known = await store.familyOfRefresh(tx, hash);
          if (known !== undefined) {
            await store.revokeFamily(tx, known);
            return { kind: 'reused' as const, familyId: known };
          }
          return { kind: 'unknown' as const };
        }
        if (row.expired || row.revoked) return { kind: 'dead' as const };
        const next = await newRefresh(tx, row.user_id, row.family_id);
        return {
          kind: 'ok' as const,
          userId: row.user_id,
          familyId: row.family_id,
          dev: row.dev,
          refresh: next,
        };
      });
      if (outcome.kind === 'reused')
        familyCache.set(outcome.familyId, { revoked: true, at: now(), userId: null });
      if (outcome.kind !== 'ok') {
        throw new AppError(
          'INVALID_REFRESH_TOKEN',
          outcome.kind === 'reused'
            ? 'This refresh token was already used; the session has been closed for safety.'
            : 'The refresh token is not valid. Please sign in again.',
        );
      }
      return {
        token: accessToken(outcome.userId, outcome.familyId, outcome.dev),
        refresh_token: outcome.refresh,
        expiresIn: deps.accessTtlSeconds,
      };
    },

    async verifyAccess(token: string): Promise<AccessClaims | null> {
      const c = verifySigned(key, ACCESS_PREFIX, token);
      if (!c || typeof c.u !== 'number' || typeof c.f !== 'string') return null;
      if (await familyRevoked(c.f, c.u)) return null;
      return { userId: c.u, familyId: c.f, dev: c.d === true };
    },

    /** Closes every session of a player (ban). */
    async revokeUser(userId: number): Promise<void> {
      const rows = await store.revokeUserFamilies(deps.db, userId);
      for (const r of rows) familyCache.set(r.id, { revoked: true, at: now(), userId });
    },

    websocketToken(userId: number): string {
      const body = b64(JSON.stringify({ u: userId, e: Math.floor(now() / 1000) + WS_TTL_SECONDS }));
      return `${WS_PREFIX}.${body}.${sign(wsKey, `${WS_PREFIX}.${body}`)}`;
    },

    verifyWebsocketToken(token: string): number | null {
      const c = verifySigned(wsKey, WS_PREFIX, token);
      return c && typeof c.u === 'number' ? c.u : null;
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
