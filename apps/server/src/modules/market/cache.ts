/**
 * A value loaded at most once per `ttlMs`; concurrent callers share one load. A failed load is
 * remembered for `failureTtlMs` (so a provider that is down is not asked on every request) and
 * never replaces nothing with a made-up value.
 */
export function expiring<T>(
  load: () => Promise<T>,
  opts: { ttlMs: number; failureTtlMs: number; now: () => number },
): () => Promise<T> {
  let value: { v: T; at: number } | null = null;
  let failure: { error: unknown; at: number } | null = null;
  let inflight: Promise<T> | null = null;
  return () => {
    const t = opts.now();
    if (value && t - value.at < opts.ttlMs) return Promise.resolve(value.v);
    if (failure && t - failure.at < opts.failureTtlMs) return Promise.reject(failure.error);
    inflight ??= load()
      .then(
        (v) => {
          value = { v, at: opts.now() };
          failure = null;
          return v;
        },
        (error: unknown) => {
          value = null;
          failure = { error, at: opts.now() };
          throw error;
        },
      )
      .finally(() => {
        inflight = null;
      });
    return inflight;
  };
}
