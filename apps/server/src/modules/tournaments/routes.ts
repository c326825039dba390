import {
  API_PREFIX,
  finalResultsQuery,
  finalResultsResponse,
  maybeTemplateResponse,
  randomTemplatesQuery,
  templateIdParams,
  templateListResponse,
  templateSchema,
  tournamentLeaderboardQuery,
  tournamentLeaderboardResponse,
  tournamentListQuery,
  tournamentPeriodsResponse,
  userResultsResponse,
} from '@pixel-wall/shared';
import { type App, callerId } from '../../http.ts';
import type { UploadGate } from '../../lib/upload-gate.ts';
import { registerImageUploads } from '../templates/upload.ts';
import type { TournamentsService } from './service.ts';

export interface TournamentsRoutesDeps {
  tournaments: TournamentsService;
  maxBytes: number;
  uploadGate: UploadGate;
}

export async function registerTournamentsRoutes(app: App, deps: TournamentsRoutesDeps): Promise<void> {
  const { tournaments } = deps;
  const P = `${API_PREFIX}/tournament`;

  await registerImageUploads(app, deps.uploadGate, deps.maxBytes, [
    {
      path: `${P}/template/upload`,
      admit: (userId) => tournaments.admitUpload(userId),
      handler: (userId, bytes, pos) => tournaments.upload(userId, bytes, pos),
    },
  ]);

  app.get(
    `${P}/periods`,
    { schema: { response: { 200: tournamentPeriodsResponse } }, config: { auth: 'none' } },
    async () => tournaments.periods(),
  );

  app.get(
    `${P}/template/list`,
    {
      schema: { querystring: tournamentListQuery, response: { 200: templateListResponse } },
      config: { auth: 'optional' },
    },
    async (req) => tournaments.list(req.query.limit, req.query.offset),
  );

  app.get(
    `${P}/template/list/random`,
    {
      schema: { querystring: randomTemplatesQuery, response: { 200: templateListResponse } },
      config: { auth: 'optional' },
    },
    async (req) => tournaments.random(req.query.limit),
  );

  app.get(
    `${P}/template/subscribe/my`,
    { schema: { response: { 200: maybeTemplateResponse } }, config: { auth: 'required' } },
    async (req) => ({ template: await tournaments.subscribedMy(callerId(req)) }),
  );

  app.get(
    `${P}/template/:id`,
    { schema: { params: templateIdParams, response: { 200: templateSchema } }, config: { auth: 'optional' } },
    async (req) => tournaments.get(req.params.id, req.userId),
  );

  app.put(
    `${P}/template/subscribe/:id`,
    { schema: { params: templateIdParams, response: { 200: templateSchema } }, config: { auth: 'required' } },
    async (req) => tournaments.subscribe(callerId(req), req.params.id),
  );

  app.get(
    `${P}/templates/leaderboard`,
    {
      schema: { querystring: tournamentLeaderboardQuery, response: { 200: tournamentLeaderboardResponse } },
      config: { auth: 'optional' },
    },
    async (req) => tournaments.leaderboard(req.query.limit, req.query.offset, req.query.round),
  );

  app.get(
    `${P}/results/final`,
    {
      schema: { querystring: finalResultsQuery, response: { 200: finalResultsResponse } },
      config: { auth: 'optional' },
    },
    async (req) => tournaments.finalResults(req.query.limit, req.query.offset, req.query.round),
  );

  app.get(
    `${P}/user/results`,
    { schema: { response: { 200: userResultsResponse } }, config: { auth: 'required' } },
    async (req) => tournaments.userResults(callerId(req)),
  );
}
