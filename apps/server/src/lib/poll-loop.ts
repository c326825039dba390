/**
 * A job that runs every `intervalMs` after the previous run ended (never two at once), on the
 * leader between `start()` and `stop()`: the chain watchers (TON payments, NFT mints). A failed
 * run is reported through `onError` and the next one comes on time; `stop()` waits for a run in
 * progress. The timer does not keep the process alive.
 */
export interface PollLoop {
  start(): void;
  stop(): Promise<void>;
}

export function createPollLoop(opts: {
  intervalMs: number;
  run(): Promise<unknown>;
  onError(err: unknown): void;
}): PollLoop {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      running = opts
        .run()
        .catch(opts.onError)
        .finally(() => {
          running = null;
          schedule();
        });
    }, opts.intervalMs);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (running) await running;
    },
  };
}
