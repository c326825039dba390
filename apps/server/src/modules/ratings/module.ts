/**
 * The rating boards and their pages. The boards live in process, or in Redis in cluster mode
 * (shared by every instance); every committed paint batch is one write to them (`onCommitted`).
 */
import type { MyPlace } from '@pixel-wall/shared';
import { serverModule } from '../../app/module.ts';
import type { Database } from '../../db/client.ts';
import type { PaintRecord } from '../../engine/committer.ts';
import { dayKey } from '../../lib/periods.ts';
import type { Redis } from '../../lib/redis.ts';
import type { UsersService } from '../users/service.ts';
import { rewardWinners } from '../rewards/winners.ts';
import { registerRatingsRoutes } from './routes.ts';
import { createRatingsService } from './service.ts';
import { createSqlRatingsSource, type RatingsStore, type ScoreDelta } from './store.ts';
import { createMemoryRatingsStore } from './store-memory.ts';
import { createRedisRatingsStore } from './store-redis.ts';

export interface RatingsModuleDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  users: Pick<UsersService, 'profile'>;
  /** Cluster mode: boards in this Redis, shared by every instance; null: in process. */
  redis: Redis | null;
  /** Redis key namespace (config.redisPrefix). */
  prefix?: string;
  instanceId?: string;
  log?: { error(obj: object, msg: string): void };
  now?: () => number;
  /** A ready store instead of the one chosen from `redis` (tests, benchmarks). */
  store?: RatingsStore;
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

export async function createRatingsModule(deps: RatingsModuleDeps) {
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
  let watch: NodeJS.Timeout | null = null;

  async function ensureLoaded(): Promise<void> {
    // The memory store is loaded once at start and kept by onCommitted.
    if (deps.redis && !deps.store) await store.load(source, now());
  }

  return serverModule({
    name: 'ratings',
    store,
    ratings,
    register: (app) =>
      registerRatingsRoutes(app, {
        ratings,
        rewardWinners: (offset, limit) => rewardWinners(db, offset, limit),
      }),

    /** After every committed paint batch: the memory store applies it at once, Redis gets one MULTI. */
    onCommitted(batch: readonly PaintRecord[]): void {
      void store.record(deltasOf(batch)).catch((err: unknown) => {
        deps.log?.error({ err, paints: batch.length }, 'recording a batch on the rating boards failed');
      });
    },

    /** The player's league rank, as the rating pages show it (for /users/me). */
    placeOf: (userId: number): Promise<MyPlace> => ratings.playerPlace(userId),

    /** Cluster mode: rebuilds the boards when Redis lost them. */
    ensureLoaded,

    lead(leading) {
      if (watch) clearInterval(watch);
      watch = null;
      if (!leading || !deps.redis) return;
      // While leading: when Redis comes back empty (restarted without persistence), rebuild from SQL.
      watch = setInterval(() => {
        void ensureLoaded().catch((err: unknown) => deps.log?.error({ err }, 'rebuilding ratings failed'));
      }, 5_000);
      watch.unref();
    },

    async stop() {
      if (watch) clearInterval(watch);
      watch = null;
      await store.close();
    },
  });
}

export type RatingsModule = Awaited<ReturnType<typeof createRatingsModule>>;
