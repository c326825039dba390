/** The wall's statistics: totals, the sequence, players online (cluster-wide) and the history. */
import { serverModule } from '../../app/module.ts';
import type { Sql } from '../../db/client.ts';
import { registerStatsRoutes } from './routes.ts';
import { createStatsService } from './service.ts';

export interface StatsModuleDeps {
  db: Sql;
  /** the sequence of the last frame (the hub's) */
  seq(): number;
  /** players online across the cluster */
  online(): Promise<number>;
}

export function createStatsModule(deps: StatsModuleDeps) {
  const stats = createStatsService(deps);
  return serverModule({
    name: 'stats',
    stats,
    register: (app) => registerStatsRoutes(app, stats),
  });
}
