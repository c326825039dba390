/**
 * The operations routes: /healthz (alive), /readyz (started, not shutting down, and its stores
 * answer; `state` says which part of the life cycle it is in; `warnings` lists configuration that
 * leaves a part unable to work, each with the variable to set), /metrics.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import type { Metrics } from '../lib/metrics.ts';
import { servicesOff } from '../lib/optional-services.ts';
import type { Redis } from '../lib/redis.ts';
import { botConfigWarning } from '../modules/bot/setup.ts';
import type { LifecycleState } from './lifecycle.ts';
import type { ModuleLog, ServerModule } from './module.ts';

export interface OpsDeps {
  config: Config;
  db: Pick<Database, 'ping'>;
  redis: Pick<Redis, 'ping'> | null;
  metrics: Pick<Metrics, 'registry'>;
  /** `running`: started and not shutting down; `state`: which of the two (draining: shutting down, still serving) */
  lifecycle: { readonly running: boolean; readonly state: LifecycleState };
  /** `healthy`: the group commit writes (it is not retrying a failed batch) */
  committer: { readonly healthy: boolean };
  log: Pick<ModuleLog, 'info'>;
}

export function createOpsModule(deps: OpsDeps): ServerModule {
  const { config, db, redis, metrics } = deps;
  const metricsAuthorized = bearerCheck(config.metricsToken);
  return {
    name: 'ops',
    register(app) {
      app.get('/healthz', { config: { auth: 'none' } }, async () => ({ ok: true }));
      app.get('/readyz', { config: { auth: 'none' } }, async (_req, reply) => {
        const checks: Record<string, boolean> = {
          started: deps.lifecycle.running,
          commits: deps.committer.healthy,
        };
        try {
          await db.ping();
          checks.database = true;
        } catch {
          checks.database = false;
        }
        if (redis)
          checks.redis = await redis.ping().then(
            () => true,
            () => false,
          );
        const ok = Object.values(checks).every(Boolean);
        // What runs but is configured so that part of it cannot work; readiness does not hang on it.
        const warnings = [botConfigWarning(config)].filter((w) => w !== null);
        return reply.code(ok ? 200 : 503).send({ ok, state: deps.lifecycle.state, checks, warnings });
      });
      app.get('/metrics', { config: { auth: 'none' } }, async (req, reply) => {
        if (!metricsAuthorized(req.headers.authorization)) {
          reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
          throw new AppError(
            'UNAUTHORIZED',
            'Send Authorization: Bearer <METRICS_TOKEN> to read the metrics.',
          );
        }
        return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
      });
    },
    start() {
      for (const { service, variable } of servicesOff(config)) {
        deps.log.info({ service, enableWith: variable }, `${service}: off (set ${variable} to turn it on)`);
      }
    },
  };
}

/**
 * Whether an Authorization header carries `Bearer <token>`; always true when no token is set.
 * Both sides are hashed first, so the comparison takes the same time whatever the header's length.
 */
export function bearerCheck(token: string | null): (header: string | undefined) => boolean {
  if (token === null) return () => true;
  const digest = (v: string) => createHash('sha256').update(v, 'utf8').digest();
  const expected = digest(token);
  return (header) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
    return timingSafeEqual(digest(match?.[1] ?? ''), expected) && match !== null;
  };
}
