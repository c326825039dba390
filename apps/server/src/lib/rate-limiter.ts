/**
 * Per-key token buckets (per player): `rate` tokens a second, bursts up to `burst`, behind one
 * interface with two kinds: in process (embedded mode, one instance) and in Redis (cluster mode),
 * where every instance takes from the same bucket, so a player's limit holds across the cluster.
 *
 * Redis: one Lua script call per check (EVALSHA, auto-pipelined with the client's other calls).
 * The script reads the clock of Redis (TIME), not the instance's, so instances whose clocks differ
 * still refill one bucket alike. Key: `<prefix>rl:<name>:<key>`, a hash of tokens and the time of
 * the last take, expiring once it would be full again.
 */
import type { Redis } from 'ioredis';
import { createTokenBuckets } from './token-bucket.ts';

export interface RateLimiter {
  /** Takes `cost` tokens from the key's bucket; false (nothing taken) when there are not enough. */
  take(key: number | string, cost?: number): Promise<boolean>;
}

export interface RateLimiterOptions {
  /** what is limited, part of the Redis key: "paints", "uploads" */
  name: string;
  /** tokens a second */
  rate: number;
  /** the bucket's size */
  burst: number;
  /** cluster mode: the shared Redis (no keyPrefix); null: in process */
  redis: Redis | null;
  /** Redis key namespace (config.redisPrefix) */
  prefix?: string;
  /** the in-process kind's clock (tests) */
  now?: () => number;
}

const TAKE_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(b[1])
local at = tonumber(b[2])
if tokens == nil or at == nil then
  tokens = burst
  at = now
end
if now > at then tokens = math.min(burst, tokens + (now - at) * rate / 1000) end
local ok = 0
if tokens >= cost then
  tokens = tokens - cost
  ok = 1
end
redis.call('HSET', KEYS[1], 'tokens', string.format('%.6f', tokens), 'at', string.format('%.0f', math.max(now, at)))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) * 1000 / rate) + 1000)
return ok
`;

const COMMAND = 'pwRateLimitTake';

type TakeCommand = (key: string, rate: number, burst: number, cost: number) => Promise<number>;

export function createRateLimiter(opts: RateLimiterOptions): RateLimiter {
  if (!(opts.rate > 0) || !(opts.burst >= 1)) throw new RangeError('rate must be > 0 and burst ≥ 1');
  const redis = opts.redis;
  if (!redis) {
    const buckets = createTokenBuckets(opts.rate, opts.burst, opts.now);
    return { take: async (key, cost = 1) => buckets.take(key, cost) };
  }
  const methods = redis as unknown as Record<string, TakeCommand | undefined>;
  if (!methods[COMMAND]) redis.defineCommand(COMMAND, { numberOfKeys: 1, lua: TAKE_LUA });
  const command = methods[COMMAND]!;
  const base = `${opts.prefix ?? ''}rl:${opts.name}:`;
  return {
    async take(key, cost = 1) {
      return (await command.call(redis, `${base}${key}`, opts.rate, opts.burst, cost)) === 1;
    },
  };
}
