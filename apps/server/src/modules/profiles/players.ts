/**
 * The players' side of the game in one factory for app.ts: rating boards and pages, squads,
 * friends and painter profiles, moderation, and a player's own pixels.
 *
 * Hooks for the rest of the app:
 * - onCommitted(batch): after every committed paint batch (one store write per batch);
 * - onReferred(tx, referrerId): after a new player signed in with a referrer;
 * - placeOf(userId): the player's league rank, as the rating pages show it (for /users/me);
 * - ensureLoaded(): cluster mode, from the leader's watch: rebuilds the boards when Redis lost them.
 */
import type { MyPlace } from '@pixel-wall/shared';
import type { Redis } from 'ioredis';
import type { Database, Sql } from '../../db/client.ts';
import type { PaintRecord } from '../../engine/committer.ts';
import type { App } from '../../http.ts';
import { dayKey } from '../../lib/periods.ts';
import type { PlayerCaches } from '../../lib/player-caches.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { Roles } from '../moderation/roles.ts';
import { registerModerationRoutes } from '../moderation/routes.ts';
import { createModerationService } from '../moderation/service.ts';
import { registerPixelsRoutes } from '../pixels/routes.ts';
import { createPixelsService } from '../pixels/service.ts';
import { registerRatingsRoutes } from '../ratings/routes.ts';
import { createRatingsService } from '../ratings/service.ts';
import { createSqlRatingsSource, type RatingsStore, type ScoreDelta } from '../ratings/store.ts';
import { createMemoryRatingsStore } from '../ratings/store-memory.ts';
import { createRedisRatingsStore } from '../ratings/store-redis.ts';
import { registerSquadsRoutes } from '../squads/routes.ts';
import { createSquadsService } from '../squads/service.ts';
import type { UsersService } from '../users/service.ts';
import { registerProfilesRoutes } from './routes.ts';
import { createProfilesService } from './service.ts';

export interface PlayersDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  users: Pick<UsersService, 'profile' | 'requirePlayer' | 'squadRef'>;
  tokens: Pick<TokenService, 'revokeUser'>;
  /** the instance's player caches: bans, unbans, role and squad changes are forgotten there */
  caches: Pick<PlayerCaches, 'forgetPlayer'>;
  isAdmin(userId: number): boolean;
  /** The roles the app's staff-route guard reads, so a role change here is seen there at once. */
  roles?: Roles;
  /** Cluster mode: boards in this Redis, shared by every instance; null: in process. */
  redis: Redis | null;
  /** Redis key namespace (config.redisPrefix). */
  prefix?: string;
  instanceId?: string;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  now?: () => number;
  /** A ready store instead of the one chosen from `redis` (tests, benchmarks). */
  store?: RatingsStore;
}

export interface Players {
  ratings: RatingsStore;
  register(app: App): void;
  onCommitted(batch: readonly PaintRecord[]): void;
  onReferred(tx: Pick<Sql, 'query'> | undefined, referrerId: number): Promise<void>;
  placeOf(userId: number): Promise<MyPlace>;
  ensureLoaded(): Promise<void>;
  close(): Promise<void>;
}

/** One delta per player, squad and day of the batch: what the boards add. */
export function deltasOf(batch: readonly PaintRecord[]): ScoreDelta[] {
  const byKey = new Map<string, ScoreDelta>();
  for (const r of batch) {
    const key = `${r.userId}:${r.squadId ?? ''}:${dayKey(r.at)}`;
    const d = byKey.get(key);
    if (d) d.n++;
    else byKey.set(key, { userId: r.userId, squadId: r.squadId, n: 1, at: r.at });
  }
  return [...byKey.values()];
}

export async function createPlayers(deps: PlayersDeps): Promise<Players> {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const store =
    deps.store ??
    (deps.redis
      ? createRedisRatingsStore({ redis: deps.redis, prefix: deps.prefix, now, instanceId: deps.instanceId })
      : createMemoryRatingsStore({ now }));
  const source = createSqlRatingsSource(db);
  await store.load(source, now());

  const ratings = createRatingsService({ db, store, users: deps.users, now });
  const squads = createSquadsService({ db, ratings, users: deps.users, caches: deps.caches, log: deps.log });
  const moderation = createModerationService({
    db,
    tokens: deps.tokens,
    caches: deps.caches,
    store,
    isAdmin: deps.isAdmin,
    roles: deps.roles,
    now,
  });
  const profiles = createProfilesService({ db, ratings, users: deps.users });
  const pixels = createPixelsService({ db });

  return {
    ratings: store,

    register(app) {
      registerRatingsRoutes(app, { ratings });
      registerSquadsRoutes(app, { squads });
      registerModerationRoutes(app, { moderation });
      registerProfilesRoutes(app, { profiles });
      registerPixelsRoutes(app, { pixels });
    },

    onCommitted(batch) {
      // The memory store applies the batch before this returns; Redis gets one MULTI.
      void store.record(deltasOf(batch)).catch((err: unknown) => {
        deps.log?.error({ err, paints: batch.length }, 'recording a batch on the rating boards failed');
      });
    },

    async onReferred(tx, referrerId) {
      await profiles.onReferred(tx, referrerId);
    },

    placeOf: (userId) => ratings.playerPlace(userId),

    async ensureLoaded() {
      // The memory store is loaded once at start and kept by onCommitted.
      if (deps.redis && !deps.store) await store.load(source, now());
    },

    close: () => store.close(),
  };
}
