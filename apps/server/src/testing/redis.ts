/**
 * Test support for Redis-backed code. Tests run against TEST_REDIS_URL (default the local Redis);
 * they are skipped when no server answers, unless CI or REQUIRE_REDIS is set, where a missing
 * server fails the run. Each test works under its own key prefix and deletes its keys at the end.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createRedis, unlinkByPrefix } from '../lib/redis.ts';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const redisRequired = Boolean(process.env.CI || process.env.REQUIRE_REDIS);

let redisUp: Promise<boolean> | null = null;
export function redisAvailable(): Promise<boolean> {
  redisUp ??= (async () => {
    const probe = new Redis(TEST_REDIS_URL, {
      lazyConnect: true,
      connectTimeout: 2_000,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    probe.on('error', () => {});
    try {
      await probe.connect();
      return (await probe.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      probe.disconnect();
    }
  })();
  return redisUp;
}

export type BackendKind = 'memory' | 'redis';

/** Backends to run a suite against: memory always, Redis when up (or required). */
export async function redisKinds(): Promise<BackendKind[]> {
  if (await redisAvailable()) return ['memory', 'redis'];
  if (redisRequired) throw new Error(`Redis is required (CI) but does not answer at ${TEST_REDIS_URL}`);
  console.warn(
    `Redis not reachable at ${TEST_REDIS_URL}: its tests are skipped here (they are required in CI).`,
  );
  return ['memory'];
}

/** A key prefix no other test uses. */
export function testPrefix(): string {
  return `pwtest:${randomBytes(6).toString('hex')}:`;
}

export interface TestRedis {
  prefix: string;
  /** A new connection whose keys all live under `prefix`. */
  connect(name: string, opts?: { keyPrefix?: boolean; autoPipelining?: boolean }): Redis;
  /** Deletes the prefix's keys and closes every connection opened here. */
  dispose(): Promise<void>;
}

export function testRedis(prefix = testPrefix()): TestRedis {
  const clients: Redis[] = [];
  return {
    prefix,
    connect(name, opts = {}) {
      const client = createRedis(TEST_REDIS_URL, {
        name: `test-${name}`,
        keyPrefix: opts.keyPrefix === false ? undefined : prefix,
        autoPipelining: opts.autoPipelining,
      });
      clients.push(client);
      return client;
    },
    async dispose() {
      const cleaner = createRedis(TEST_REDIS_URL, { name: 'test-cleanup' });
      try {
        await unlinkByPrefix(cleaner, prefix);
      } finally {
        cleaner.disconnect();
        await Promise.allSettled(clients.map((c) => (c.status === 'end' ? null : c.quit())));
      }
    },
  };
}
