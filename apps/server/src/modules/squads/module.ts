/** Squads: create, join, leave, and their pages (a squad's place comes from the rating boards). */
import { serverModule } from '../../app/module.ts';
import type { Database } from '../../db/client.ts';
import type { PlayerCaches } from '../../lib/player-caches.ts';
import type { RatingsService } from '../ratings/service.ts';
import type { UsersService } from '../users/service.ts';
import { registerSquadsRoutes } from './routes.ts';
import { createSquadsService } from './service.ts';

export interface SquadsModuleDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  ratings: Pick<RatingsService, 'squadInfo'>;
  users: Pick<UsersService, 'requirePlayer'>;
  /** a squad change is forgotten there on every instance */
  caches: Pick<PlayerCaches, 'forgetPlayer'>;
  log?: { warn(obj: object, msg: string): void };
}

export function createSquadsModule(deps: SquadsModuleDeps) {
  const squads = createSquadsService(deps);
  return serverModule({
    name: 'squads',
    squads,
    register: (app) => registerSquadsRoutes(app, { squads }),
  });
}
