import {
  API_PREFIX,
  leaderboardQuery,
  personalRatingQuery,
  personalRatingResponse,
  squadIdParams,
  squadMembersQuery,
  squadRatingDetailsSchema,
  squadsRatingQuery,
  squadsRatingResponse,
} from '@pixel-wall/shared';
import type { App } from '../../http.ts';
import type { RatingsService } from './service.ts';

export interface RatingsRoutesDeps {
  ratings: RatingsService;
}

/** `/ratings/pixanos` and `/ratings/rewardWinners` belong to the events and rewards modules. */
export function registerRatingsRoutes(app: App, deps: RatingsRoutesDeps): void {
  const { ratings } = deps;

  app.get(
    `${API_PREFIX}/ratings/personal`,
    {
      schema: { querystring: personalRatingQuery, response: { 200: personalRatingResponse } },
      config: { auth: 'optional' },
    },
    async (req) => {
      const q = req.query;
      return ratings.personal(q.league, q.offset, q.limit, req.userId);
    },
  );

  app.get(
    `${API_PREFIX}/ratings/leaderboard`,
    {
      schema: { querystring: leaderboardQuery, response: { 200: personalRatingResponse } },
      config: { auth: 'optional' },
    },
    async (req) => {
      const q = req.query;
      return ratings.leaderboard(q.period, q.offset, q.limit, req.userId);
    },
  );

  app.get(
    `${API_PREFIX}/ratings/squads`,
    {
      schema: { querystring: squadsRatingQuery, response: { 200: squadsRatingResponse } },
      config: { auth: 'optional' },
    },
    async (req) => {
      const q = req.query;
      return ratings.squads(q.league, q.offset, q.limit, req.userId);
    },
  );

  app.get(
    `${API_PREFIX}/ratings/squads/:id`,
    {
      schema: {
        params: squadIdParams,
        querystring: squadMembersQuery,
        response: { 200: squadRatingDetailsSchema },
      },
      config: { auth: 'optional' },
    },
    async (req) => ratings.squadDetails(req.params.id, req.query.offset, req.query.limit),
  );
}
