import {
  API_PREFIX,
  friendsQuery,
  friendsResponse,
  playerProfileSchema,
  userIdParams,
} from '@pixel-wall/shared';
import { type App, callerId } from '../../http.ts';
import type { ProfilesService } from './service.ts';

export interface ProfilesRoutesDeps {
  profiles: ProfilesService;
}

export function registerProfilesRoutes(app: App, deps: ProfilesRoutesDeps): void {
  const { profiles } = deps;

  app.get(
    `${API_PREFIX}/users/:id/profile`,
    {
      schema: { params: userIdParams, response: { 200: playerProfileSchema } },
      config: { auth: 'optional' },
    },
    async (req) => profiles.profile(req.params.id),
  );

  app.get(
    `${API_PREFIX}/users/me/friends`,
    {
      schema: { querystring: friendsQuery, response: { 200: friendsResponse } },
      config: { auth: 'required' },
    },
    async (req) => profiles.friends(callerId(req), req.query.offset, req.query.limit),
  );
}
