/**
 * A garbage collection on demand, for the two moments the server knows it has just made a lot of
 * garbage and is about to sit idle: the PGlite worker after opening postgres, and the main thread
 * once the server is up.
 *
 * Node has no API for it and `--expose-gc` is refused in a worker's execArgv; the flag set at run
 * time exposes `gc` to new contexts only, so one is made to fetch it.
 *
 * `memory: 'release'` asks V8 for its last-resort collection (`CollectAllAvailableGarbage`): full
 * collections until nothing more is freed, the young generation shrunk back and freed pages handed
 * to the system at once. The start-up's allocations grow the young generation to its maximum
 * (`--max-semi-space-size`, kept large for the paint load) and a regular collection keeps it that
 * size: the embedded server idled at ~226–231 MiB, ~189–201 with it (BENCHMARKS.md). It costs one
 * pause, once: two full collections of the ~40 MB heap, 0.1–0.2 s on a small machine.
 */
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

type Gc = (options?: { type: 'major'; execution: 'sync'; flavor: 'regular' | 'last-resort' }) => void;

let gc: Gc | null = null;

export function collectGarbage(memory: 'keep' | 'release' = 'keep'): void {
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as Gc;
  }
  gc({ type: 'major', execution: 'sync', flavor: memory === 'release' ? 'last-resort' : 'regular' });
}

/** Bytes V8 has committed for the main thread's young generation: what `release` hands back. */
export function youngGenerationBytes(): number {
  return v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;
}
