/**
 * Runs the modules of app.ts's list through their phases: register (routes), ready, start, the
 * cluster lead (leader election; without Redis this instance always leads), and the shutdown: an
 * optional drain first (/readyz fails while everything else still serves, so a load balancer moves
 * players away before the listener closes), then two phases (drain in list order while HTTP
 * drains, then stop in reverse list order).
 */
import type { App } from '../http.ts';
import { createLeaderElection, type LeaderElection } from '../lib/leader.ts';
import type { Metrics } from '../lib/metrics.ts';
import type { Redis } from '../lib/redis.ts';
import type { ServerModule } from './module.ts';

export interface LifecycleDeps {
  app: App;
  /** cluster mode: the lead is a lease in this Redis */
  redis: Redis | null;
  prefix: string;
  instanceId: string;
  metrics: Pick<Metrics, 'leader'>;
}

/** starting → running → draining (only with a drain time) → stopping */
export type LifecycleState = 'starting' | 'running' | 'draining' | 'stopping';

export interface CloseOptions {
  /** How long /readyz answers 503 before the listener closes; 0 (default) closes at once. */
  drainMs?: number;
}

export interface Lifecycle {
  /** started and not shutting down (/readyz) */
  readonly running: boolean;
  readonly state: LifecycleState;
  /** Registers every module's routes, readies the app, starts the modules, then runs for the lead. */
  start(modules: readonly ServerModule[]): Promise<void>;
  /**
   * After the drain time (still serving, not ready), stops taking work, drains in-flight requests
   * and the modules' work, then stops the modules.
   */
  close(opts?: CloseOptions): Promise<void>;
}

export function createLifecycle(deps: LifecycleDeps): Lifecycle {
  const { app, metrics, instanceId } = deps;
  let started = false;
  let shuttingDown = false;
  let draining = false;
  let running: { modules: readonly ServerModule[]; leader: LeaderElection } | null = null;
  let closing: Promise<void> | null = null;

  return {
    get running() {
      return started && !shuttingDown;
    },

    get state() {
      if (shuttingDown) return draining ? 'draining' : 'stopping';
      return started ? 'running' : 'starting';
    },

    async start(modules) {
      for (const m of modules) await m.register?.(app);
      await app.ready();
      for (const m of modules) await m.start?.();
      const leader = createLeaderElection({
        redis: deps.redis,
        key: `${deps.prefix}leader`,
        instanceId,
        onChange: (isLeader) => {
          for (const m of modules) m.lead?.(isLeader);
          metrics.leader(isLeader);
          app.log.info({ instanceId, isLeader }, isLeader ? 'leading the cluster jobs' : 'no longer leading');
        },
      });
      running = { modules, leader };
      await leader.start();
      metrics.leader(leader.isLeader);
      started = true;
    },

    close(opts = {}) {
      closing ??= (async () => {
        shuttingDown = true;
        const drainMs = opts.drainMs ?? 0;
        if (drainMs > 0) {
          draining = true;
          app.log.info({ drainMs }, 'draining: /readyz answers 503 while requests are still served');
          await new Promise((resolve) => setTimeout(resolve, drainMs));
          draining = false;
        }
        // Fastify stops accepting, answers 503 to new requests and waits for in-flight ones;
        // the paints among them commit, then their last batch goes out before sockets close.
        const closingHttp = app.close();
        const modules = running?.modules ?? [];
        for (const m of modules) await m.drain?.();
        await closingHttp;
        await running?.leader.stop();
        for (const m of [...modules].reverse()) await m.stop?.();
      })();
      return closing;
    },
  };
}
