/**
 * Vacuum for the embedded database. PGlite runs postgres without its autovacuum launcher (one
 * backend, no background processes: `SHOW autovacuum` says on, and nothing ever runs it), so an
 * embedded wall would keep every dead row version its paints leave (the upserts of pixels and
 * rating periods, the players' counters) and never refresh the planner's statistics: 20 updates of
 * a 10,000-row table leave 200,000 dead rows there for good. This module runs `VACUUM (ANALYZE)`
 * at an interval (`DB_VACUUM_MINUTES`), one at a time, and logs how long each took; it holds the
 * PGlite thread meanwhile (229–569 ms after ~170,000 bench paints), so paints wait that long.
 * PostgreSQL vacuums itself: there this module does nothing.
 */
import type { ModuleLog, ServerModule } from '../app/module.ts';
import type { Database } from './client.ts';

export interface DbMaintenanceDeps {
  db: Pick<Database, 'kind' | 'query'>;
  /** between two vacuums; 0 switches them off */
  intervalMs: number;
  log: ModuleLog;
}

export interface DbMaintenance extends ServerModule {
  /** One `VACUUM (ANALYZE)` now (or the one under way); resolves when it ends, never rejects. */
  vacuum(): Promise<void>;
  lead(leading: boolean): void;
  drain(): Promise<void>;
  stop(): void;
}

export function createDbMaintenanceModule(deps: DbMaintenanceDeps): DbMaintenance {
  const { db, intervalMs, log } = deps;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  function vacuum(): Promise<void> {
    running ??= (async () => {
      const started = performance.now();
      try {
        await db.query('VACUUM (ANALYZE)');
        log.info({ ms: Math.round(performance.now() - started) }, 'embedded database vacuumed');
      } catch (err) {
        log.warn({ err }, 'vacuum of the embedded database failed; the next interval tries again');
      } finally {
        running = null;
      }
    })();
    return running;
  }

  function stopTimer(): void {
    if (timer) clearInterval(timer);
    timer = null;
  }

  return {
    name: 'db-maintenance',
    vacuum,
    lead(leading) {
      stopTimer();
      if (!leading || db.kind !== 'pglite' || intervalMs <= 0) return;
      timer = setInterval(() => void vacuum(), intervalMs);
      timer.unref();
    },
    async drain() {
      stopTimer();
      await running;
    },
    stop: stopTimer,
  };
}
