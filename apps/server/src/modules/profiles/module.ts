/**
 * Painter profiles and friends (referrals): a new player's referrer earns the referral
 * achievements through the `referrals` signal the accounts announce.
 */
import type { Signal } from '../../app/module.ts';
import { serverModule } from '../../app/module.ts';
import type { Database } from '../../db/client.ts';
import type { RatingsService } from '../ratings/service.ts';
import type { UsersService } from '../users/service.ts';
import { registerProfilesRoutes } from './routes.ts';
import { createProfilesService } from './service.ts';

export interface ProfilesModuleDeps {
  db: Pick<Database, 'query'>;
  ratings: Pick<RatingsService, 'playerPlace'>;
  users: Pick<UsersService, 'squadRef'>;
  /** a new player signed in with this referrer */
  referrals?: Signal<number>;
}

export function createProfilesModule(deps: ProfilesModuleDeps) {
  const profiles = createProfilesService(deps);
  deps.referrals?.subscribe(async (referrerId) => {
    await profiles.onReferred(undefined, referrerId);
  });
  return serverModule({
    name: 'profiles',
    profiles,
    register: (app) => registerProfilesRoutes(app, { profiles }),
  });
}
