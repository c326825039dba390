/** Moderation: bans and unbans (sessions revoked, boards corrected), roles, the moderation log. */
import { serverModule } from '../../app/module.ts';
import type { Database } from '../../db/client.ts';
import type { PlayerCaches } from '../../lib/player-caches.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { RatingsStore } from '../ratings/store.ts';
import type { Roles } from './roles.ts';
import { registerModerationRoutes } from './routes.ts';
import { createModerationService } from './service.ts';

export interface ModerationModuleDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  tokens: Pick<TokenService, 'revokeUser'>;
  /** bans, unbans and role changes are forgotten there on every instance */
  caches: Pick<PlayerCaches, 'forgetPlayer'>;
  /** the rating boards: a ban takes the player off them */
  store: Pick<RatingsStore, 'set'>;
  /** ADMIN_IDS */
  isAdmin(userId: number): boolean;
  /** the roles the staff-route guard reads, so a role change here is seen there at once */
  roles?: Roles;
  now?: () => number;
}

export function createModerationModule(deps: ModerationModuleDeps) {
  const moderation = createModerationService(deps);
  return serverModule({
    name: 'moderation',
    moderation,
    register: (app) => registerModerationRoutes(app, { moderation }),
  });
}
