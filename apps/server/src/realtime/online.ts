/**
 * Online visitors across the cluster: each instance reports its own open sockets every few
 * seconds into one Redis hash; the total sums the reports that are fresh. Embedded: the local count.
 */
import type { Redis } from '../lib/redis.ts';

export interface OnlineCounter {
  total(): Promise<number>;
  close(): Promise<void>;
}

const REPORT_MS = 5_000;
const STALE_MS = 15_000;

export function createOnlineCounter(opts: {
  local(): number;
  redis: Redis | null;
  key: string;
  instanceId: string;
}): OnlineCounter {
  const { redis } = opts;
  if (!redis) return { total: async () => opts.local(), close: async () => {} };
  const report = () =>
    redis.hset(opts.key, opts.instanceId, `${opts.local()}:${Date.now()}`).catch(() => undefined);
  void report();
  const timer = setInterval(() => void report(), REPORT_MS);
  timer.unref();
  return {
    async total() {
      const all = await redis.hgetall(opts.key);
      const now = Date.now();
      let sum = 0;
      for (const [id, v] of Object.entries(all)) {
        const [count, at] = v.split(':').map(Number);
        if (id === opts.instanceId) sum += opts.local();
        else if (count !== undefined && at !== undefined && now - at < STALE_MS) sum += count;
      }
      return sum;
    },
    async close() {
      clearInterval(timer);
      await redis.hdel(opts.key, opts.instanceId).catch(() => undefined);
    },
  };
}
