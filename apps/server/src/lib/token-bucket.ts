/** Per-key token buckets (per player): `rate` tokens a second, bursts up to `burst`. */
export function createTokenBuckets(rate: number, burst = rate, now: () => number = Date.now) {
  const buckets = new Map<number | string, { tokens: number; at: number }>();
  return {
    take(key: number | string, cost = 1): boolean {
      const t = now();
      let b = buckets.get(key);
      if (!b) {
        if (buckets.size > 100_000) {
          // Full buckets carry no information: drop them first.
          for (const [k, v] of buckets) if (v.tokens + ((t - v.at) / 1000) * rate >= burst) buckets.delete(k);
        }
        b = { tokens: burst, at: t };
        buckets.set(key, b);
      }
      b.tokens = Math.min(burst, b.tokens + ((t - b.at) / 1000) * rate);
      b.at = t;
      if (b.tokens < cost) return false;
      b.tokens -= cost;
      return true;
    },
  };
}
