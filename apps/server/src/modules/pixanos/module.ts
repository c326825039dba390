/**
 * Pixanos' Snap (product 13): used through /items/use (the items module calls `use`), its history
 * on its own routes. At start it writes the pixels of snaps a previous run left unwritten.
 */
import { type ModuleLog, serverModule } from '../../app/module.ts';
import type { Database } from '../../db/client.ts';
import type { Committer } from '../../engine/committer.ts';
import type { Engine } from '../../engine/types.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { UsersService } from '../users/service.ts';
import { registerPixanosRoutes } from './routes.ts';
import { createPixanosService } from './service.ts';

export interface PixanosModuleDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  engine: Pick<Engine, 'paintBulk' | 'canvas' | 'charges'>;
  committer: Pick<Committer, 'flush' | 'announce'>;
  bus: Pick<Bus, 'publishEvent' | 'nextSeq'>;
  users: Pick<UsersService, 'requirePlayer'>;
  /** wait after the engine write so earlier paints reach SQL and their frames (≥ 2 ticks) */
  settleMs: number;
  log: Pick<ModuleLog, 'error'>;
}

export function createPixanosModule(deps: PixanosModuleDeps) {
  const pixanos = createPixanosService(deps);
  return serverModule({
    name: 'pixanos',
    pixanos,
    register: (app) => registerPixanosRoutes(app, pixanos),
    start() {
      void pixanos.catchUp().catch((err: unknown) => deps.log.error({ err }, 'snap pixels not written yet'));
    },
    /** Before the committer's last flush: a snap under way finishes. */
    drain: () => pixanos.close(),
  });
}
