/**
 * Cluster fixtures for tools and tests: a throwaway PostgreSQL database and a Redis key prefix,
 * and N server processes sharing them.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  createTestStore,
  postgresAvailable,
  postgresRequired,
} from '../../../apps/server/src/testing/harness.ts';
import { redisAvailable, redisRequired, TEST_REDIS_URL } from '../../../apps/server/src/testing/redis.ts';
import { TOOLS_BOT_TOKEN } from './players.ts';
import { type ServerProcess, startServer } from './server-process.ts';

/** True when PostgreSQL and Redis answer; throws when CI requires them and they do not. */
export async function clusterServicesAvailable(): Promise<boolean> {
  const [pg, redis] = await Promise.all([postgresAvailable(), redisAvailable()]);
  if (pg && redis) return true;
  if (postgresRequired || redisRequired)
    throw new Error('cluster tests need PostgreSQL and Redis (required in CI)');
  console.warn(
    'PostgreSQL or Redis not reachable: cluster tests are skipped here (they are required in CI).',
  );
  return false;
}

export interface ClusterBackends {
  databaseUrl: string;
  redisUrl: string;
  prefix: string;
  env: Record<string, string>;
  /** Deletes every Redis key of this cluster (as if Redis restarted empty). */
  wipeRedis(): Promise<void>;
  dispose(): Promise<void>;
}

export async function createClusterBackends(): Promise<ClusterBackends> {
  const store = await createTestStore('postgres');
  const prefix = `pwc${randomBytes(4).toString('hex')}:`;
  const wipeRedis = async () => {
    const r = new Redis(TEST_REDIS_URL);
    try {
      let cursor = '0';
      do {
        const [next, keys] = await r.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length > 0) await r.unlink(...keys);
      } while (cursor !== '0');
    } finally {
      r.disconnect();
    }
  };
  return {
    databaseUrl: store.url!,
    redisUrl: TEST_REDIS_URL,
    prefix,
    env: {
      DATABASE_URL: store.url!,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      TELEGRAM_BOT_TOKEN: TOOLS_BOT_TOKEN,
      RATE_LIMIT_IP_PER_MINUTE: '10000000',
      RATE_LIMIT_SIGNIN_PER_MINUTE: '100000',
      RATE_LIMIT_PAINTS_PER_SECOND: '100000',
      // No load balancer to tell: a stopped instance closes at once.
      SHUTDOWN_DRAIN_MS: '0',
    },
    wipeRedis,
    async dispose() {
      await wipeRedis();
      await store.dispose();
    },
  };
}

export async function startCluster(backends: ClusterBackends, n: number, env: Record<string, string> = {}) {
  const servers: ServerProcess[] = [];
  for (let i = 0; i < n; i++) servers.push(await startServer({ env: { ...backends.env, ...env } }));
  return servers;
}
