/**
 * Hands the young generation back to the system once a burst is over and the server sits idle.
 *
 * A burst of work whose objects live past a scavenge (thousands of websocket handshakes, a paint
 * load) grows V8's young generation, up to twice `--max-semi-space-size` (kept large for the paint
 * load: lib/collect-garbage.ts). An idle server keeps it that size: V8 shrinks it only in a full
 * collection that an idle heap never starts. 5,000 idle sockets grew it 8 → 32 MiB, ~4.9 KiB of
 * RSS a socket that the sockets do not hold (BENCHMARKS.md).
 *
 * So, once a second, the main thread's event-loop utilisation is read. After `quietChecks` quiet
 * seconds in a row (at most `maxUtilization` busy), with the young generation grown to
 * `growthFactor` times its size after the last release, one `collectGarbage('release')` runs: a
 * pause of tens of milliseconds (its duration is logged), only when nothing is being served. A wall
 * with anyone painting or watching at 10 paints/s keeps the loop busier than that, so it never
 * pauses a paint load.
 */
import { collectGarbage, youngGenerationBytes } from './collect-garbage.ts';

export interface ReleaseWhenIdleOptions {
  /** Read once a check; 0..1. Default: `performance.eventLoopUtilization` since the last check. */
  utilization?: () => number;
  /** Bytes V8 has committed for the young generation. */
  youngBytes?: () => number;
  /** Runs the collection. Default: `collectGarbage('release')`. */
  release?: () => void;
  /** Told of each release, with what it freed. */
  onRelease?: (info: { durationMs: number; youngBefore: number; youngAfter: number }) => void;
  checkMs?: number;
  quietChecks?: number;
  maxUtilization?: number;
  growthFactor?: number;
}

export interface IdleRelease {
  /** One check, as the timer runs it (tests call it directly). */
  check(): void;
  stop(): void;
}

function loopUtilization(): () => number {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const delta = performance.eventLoopUtilization(now, last);
    last = now;
    return delta.utilization;
  };
}

export function releaseWhenIdle(options: ReleaseWhenIdleOptions = {}): IdleRelease {
  const utilization = options.utilization ?? loopUtilization();
  const youngBytes = options.youngBytes ?? youngGenerationBytes;
  const release = options.release ?? (() => collectGarbage('release'));
  const quietChecks = options.quietChecks ?? 2;
  const maxUtilization = options.maxUtilization ?? 0.02;
  const growthFactor = options.growthFactor ?? 2;

  let baseline = youngBytes();
  let quiet = 0;
  const check = () => {
    if (utilization() > maxUtilization) {
      quiet = 0;
      return;
    }
    quiet++;
    const youngBefore = youngBytes();
    // V8 may shrink it itself (a full collection under memory pressure): grow from there.
    baseline = Math.min(baseline, youngBefore);
    if (quiet < quietChecks || youngBefore < baseline * growthFactor) return;
    const started = performance.now();
    release();
    const youngAfter = youngBytes();
    baseline = youngAfter;
    quiet = 0;
    options.onRelease?.({ durationMs: performance.now() - started, youngBefore, youngAfter });
  };
  const timer = setInterval(check, options.checkMs ?? 1000);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
