/**
 * Committed pixel changes onto the bus: the one place pixel changes are published. Every instance
 * relays its own committer's commit stream (each group once, in commit order, after its COMMIT);
 * the ticker (ticker.ts, the leader) gathers them from the bus into numbered PIXELS frames.
 * Features never publish pixel changes themselves: they write through the committer.
 */
import type { CommitStream } from '../engine/committer.ts';
import type { Bus } from './bus.ts';

export interface CommitRelay {
  /** Stops relaying, then waits for the last publish to settle (shutdown, after the committer's close). */
  close(): Promise<void>;
}

export function relayCommits(
  commits: CommitStream,
  bus: Pick<Bus, 'publishPixels'>,
  log?: { error(obj: object, msg: string): void },
): CommitRelay {
  let last: Promise<void> = Promise.resolve();
  // The commit stands either way (engine and SQL hold it): clients see it in the next snapshot they load.
  const failed = (err: unknown): void => {
    if (log) log.error({ err }, 'committed pixels not published');
    else console.error('committed pixels not published', err);
  };
  const unsubscribe = commits.onCommitted((changes) => {
    last = bus.publishPixels(changes).catch(failed);
  });
  return {
    async close() {
      unsubscribe();
      await last;
    },
  };
}
