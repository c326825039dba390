/**
 * The wall's engine as the app runs it: in process, or in Redis in cluster mode (one instance
 * restores the canvas from SQL when Redis has none). The engine reads a player's charge rules
 * synchronously; their boost levels come from the mining service, which is built before it.
 */
import type { ChargeRules } from '@pixel-wall/shared';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createMemoryEngine } from '../engine/memory.ts';
import { createRedisEngine, engineKeys, isCanvasEmpty, markCanvasRestored } from '../engine/redis.ts';
import type { Engine } from '../engine/types.ts';
import type { Redis } from '../lib/redis.ts';
import { pendingSnaps, withPendingSnaps } from '../modules/pixanos/service.ts';
import type { UsersService } from '../modules/users/service.ts';
import type { ModuleLog, ServerModule } from './module.ts';

/** A player's charge rules with their boost levels (the mining service). */
export interface ChargeRulesSource {
  chargeRulesOf(id: number): ChargeRules;
  loadChargeRules(id: number): Promise<ChargeRules>;
  rulesPending(id: number): Promise<unknown> | null;
}

export interface EngineDeps {
  config: Pick<Config, 'redisPrefix'>;
  db: Pick<Database, 'query'>;
  /** a ready engine (tests); then no canvas is restored */
  given?: Engine;
  redis: Redis | null;
  instanceId: string;
  rules: ChargeRulesSource;
  users: Pick<UsersService, 'storedCharges'>;
}

export async function createWallEngine(deps: EngineDeps): Promise<Engine> {
  const { db, redis, rules } = deps;
  const prefix = deps.config.redisPrefix;
  const engineDeps = {
    rulesFor: (id: number) => rules.chargeRulesOf(id),
    loadCharges: async (id: number) => {
      // Warm the player's levels before the engine first computes their charges.
      await rules.loadChargeRules(id).catch(() => undefined);
      return deps.users.storedCharges(id);
    },
  };
  const engine = withKnownRules(
    deps.given ??
      (redis ? createRedisEngine({ redis, prefix, ...engineDeps }) : createMemoryEngine(engineDeps)),
    (id) => rules.rulesPending(id),
  );
  if (!deps.given) {
    if (redis) await ensureRedisCanvas(db, engine, redis, prefix, deps.instanceId);
    else await restoreCanvas(db, engine);
  }
  return engine;
}

/**
 * The engine in the module list: while leading in cluster mode it rebuilds Redis from SQL when
 * Redis comes back empty (restarted without persistence); it closes with the app.
 */
export function createEngineModule(deps: {
  db: Pick<Database, 'query'>;
  engine: Engine;
  redis: Redis | null;
  prefix: string;
  instanceId: string;
  log: Pick<ModuleLog, 'error'>;
}): ServerModule {
  const { db, engine, redis, prefix, instanceId } = deps;
  let watch: NodeJS.Timeout | null = null;
  const stopWatch = () => {
    if (watch) clearInterval(watch);
    watch = null;
  };
  return {
    name: 'engine',
    lead(leading) {
      stopWatch();
      if (!leading || !redis) return;
      watch = setInterval(() => {
        void ensureRedisCanvas(db, engine, redis, prefix, instanceId).catch((err: unknown) =>
          deps.log.error({ err }, 'rebuilding the canvas in Redis failed'),
        );
      }, 5_000);
      watch.unref();
    },
    async stop() {
      stopWatch();
      await engine.close();
    },
  };
}

/**
 * The engine reads a player's charge rules synchronously. Before it paints for a player or counts
 * their charges, the rules must be known: after a forget (a boost bought on any instance) the base
 * rules would otherwise stand in for the bought ones until the levels reload.
 */
function withKnownRules(engine: Engine, pending: (userId: number) => Promise<unknown> | null): Engine {
  const known = async (userId: number) => {
    await pending(userId)?.catch(() => undefined);
  };
  return {
    ...engine,
    async paint(req) {
      if (pending(req.userId)) await known(req.userId);
      return engine.paint(req);
    },
    async charges(userId, now) {
      if (pending(userId)) await known(userId);
      return engine.charges(userId, now);
    },
  };
}

async function restoreCanvas(db: Pick<Database, 'query'>, engine: Engine): Promise<void> {
  const rows = await db.query<{ id: number; color: number; user_id: number; ms: number }>(
    'SELECT id, color, user_id, (extract(epoch from painted_at) * 1000)::float8 AS ms FROM pixels',
  );
  const stored = rows.map((r) => ({ id: r.id, color: r.color, userId: r.user_id, paintedAt: r.ms }));
  // Snaps whose pixels have not all reached the pixels table are replayed over it.
  await engine.restorePixels(withPendingSnaps(stored, await pendingSnaps(db)));
}

/**
 * Makes sure Redis holds the canvas: when it is new or lost its data, one instance rebuilds it
 * from SQL under a lock while the others wait for the ready marker.
 */
async function ensureRedisCanvas(
  db: Pick<Database, 'query'>,
  engine: Engine,
  redis: Redis,
  prefix: string,
  instanceId: string,
) {
  // While the lock is held, paints mark the pixels they touch and the restore keeps those: it
  // reads SQL after taking the lock, so a marked pixel is newer than its row.
  const { restoring: lock, touched } = engineKeys(prefix);
  for (let waited = 0; await isCanvasEmpty(redis, prefix); waited += 250) {
    if (await redis.set(lock, instanceId, 'PX', 120_000, 'NX')) {
      try {
        if (await isCanvasEmpty(redis, prefix)) {
          await restoreCanvas(db, engine);
          await markCanvasRestored(redis, prefix);
        }
      } finally {
        await redis.del(lock, touched);
      }
      return;
    }
    if (waited > 180_000) throw new Error('timed out waiting for another instance to restore the canvas');
    await new Promise((r) => setTimeout(r, 250));
  }
}
