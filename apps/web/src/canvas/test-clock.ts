/** A hand-driven clock and animation-frame queue for tests. */
export interface TestClock {
  now: () => number;
  raf: (callback: (time: number) => void) => number;
  cancelRaf: (handle: number) => void;
  /** Advances time by `ms` and runs the frames queued before the call. */
  frame(ms?: number): void;
  readonly pending: number;
  time: number;
}

export function createTestClock(start = 1000): TestClock {
  let next = 1;
  const queue = new Map<number, (time: number) => void>();
  const clock: TestClock = {
    time: start,
    now: () => clock.time,
    raf(callback) {
      const handle = next++;
      queue.set(handle, callback);
      return handle;
    },
    cancelRaf(handle) {
      queue.delete(handle);
    },
    frame(ms = 16) {
      clock.time += ms;
      const due = [...queue.values()];
      queue.clear();
      for (const callback of due) callback(clock.time);
    },
    get pending() {
      return queue.size;
    },
  };
  return clock;
}
