/**
 * Redis connections for cluster mode. One factory so every client gets the same options:
 * auto-pipelining (concurrent calls share one write and one read), bounded retries (a call fails
 * instead of hanging while Redis is away), a connection name visible in CLIENT LIST.
 *
 * `keyPrefix` lets tests isolate their keys. ioredis applies it to the keys of ordinary commands
 * and to the KEYS of scripts, not to SCAN patterns, pub/sub channels or keys built inside Lua:
 * scripts here receive every key through KEYS.
 */
import type * as IoRedis from 'ioredis';
import type { Redis, RedisOptions } from 'ioredis';
import { lazyRequire } from './lazy-require.ts';

export type { Redis } from 'ioredis';

/** Loaded by the first connection: an embedded server never needs it (lazy-require.ts). */
const ioredis = lazyRequire<typeof IoRedis>('ioredis');

export interface CreateRedisOptions {
  /** Shown in CLIENT LIST, e.g. "engine" or "bus-sub". */
  name: string;
  keyPrefix?: string;
  /** Off for subscriber connections, which only SUBSCRIBE. */
  autoPipelining?: boolean;
  /** Retries per command while reconnecting before it fails. */
  maxRetriesPerRequest?: number;
  /** Receives connection errors; by default one warning per outage. */
  onError?: (err: Error) => void;
}

export function createRedis(url: string, opts: CreateRedisOptions): Redis {
  const options: RedisOptions = {
    connectionName: `pixel-wall:${opts.name}`,
    enableAutoPipelining: opts.autoPipelining ?? true,
    maxRetriesPerRequest: opts.maxRetriesPerRequest ?? 3,
    lazyConnect: false,
    connectTimeout: 5_000,
    // Back off up to 2 s between reconnects, forever: Redis coming back must heal the instance.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
  };
  if (opts.keyPrefix) options.keyPrefix = opts.keyPrefix;
  const redis = new (ioredis().Redis)(url, options);
  // Without a listener ioredis prints every reconnect failure; warn once per outage instead.
  let warned = false;
  redis.on('ready', () => {
    warned = false;
  });
  redis.on('error', (err: Error) => {
    if (opts.onError) return opts.onError(err);
    if (warned) return;
    warned = true;
    console.warn(`redis (${opts.name}): ${err.message}`);
  });
  return redis;
}

/** Deletes every key starting with `prefix` (the full key name, whatever the client's keyPrefix). */
export async function unlinkByPrefix(redis: Redis, prefix: string): Promise<number> {
  // SCAN ignores the client's keyPrefix but UNLINK adds it: strip it from what SCAN returns.
  const clientPrefix = redis.options.keyPrefix ?? '';
  const pattern = `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;
  let cursor = '0';
  let removed = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    // A key outside the client's keyPrefix cannot be named through this client: leave it.
    const own = keys.filter((k) => k.startsWith(clientPrefix)).map((k) => k.slice(clientPrefix.length));
    if (own.length > 0) removed += await redis.unlink(...own);
  } while (cursor !== '0');
  return removed;
}
