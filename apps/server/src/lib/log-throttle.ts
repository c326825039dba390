import { BoundedMap } from './bounded-map.ts';

/**
 * Client mistakes (an oversize websocket frame, a call to a feature this server has not configured)
 * are logged once per cause per interval, so a guest cannot flood the log by repeating them.
 */
export interface LogThrottle {
  /** null when this cause was logged within the interval; else how many were left out since. */
  admit(cause: string): { suppressed: number } | null;
}

export function createLogThrottle(opts: { intervalMs: number; maxCauses?: number; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const maxCauses = opts.maxCauses ?? 1000;
  // A new cause past maxCauses starts the map again; a cause already held is only updated.
  const seen = new BoundedMap<string, { at: number; suppressed: number }>(maxCauses);
  const throttle: LogThrottle = {
    admit(cause) {
      const t = now();
      const hit = seen.get(cause);
      if (hit && t - hit.at < opts.intervalMs) {
        hit.suppressed++;
        return null;
      }
      seen.set(cause, { at: t, suppressed: 0 });
      return { suppressed: hit?.suppressed ?? 0 };
    },
  };
  return throttle;
}
