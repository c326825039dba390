import {
  API_PREFIX,
  leaderboardQuery,
  personalRatingQuery,
  personalRatingResponse,
  type RewardWinners,
  rewardWinnersQuery,
  rewardWinnersResponse,
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
  /** the rewards granted, newest first, with their winners (the rewards module's table) */
  rewardWinners(offset: number, limit: number): Promise<RewardWinners>;
}

/** `/ratings/pixanos` belongs to the Pixanos module; `/ratings/rewardWinners` reads the rewards' table. */
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

  // Who won rewards (paint rewards, hidden template, tournaments), newest first; public like the boards.
  app.get(
    `${API_PREFIX}/ratings/rewardWinners`,
    {
      schema: { querystring: rewardWinnersQuery, response: { 200: rewardWinnersResponse } },
      config: { auth: 'optional' },
    },
    async (req) => deps.rewardWinners(req.query.offset, req.query.limit),
  );
}
