import { API_PREFIX, createSquadBody, squadIdParams, squadInfoSchema } from '@pixel-wall/shared';
import { type App, callerId } from '../../http.ts';
import type { SquadsService } from './service.ts';

export interface SquadsRoutesDeps {
  squads: SquadsService;
}

export function registerSquadsRoutes(app: App, deps: SquadsRoutesDeps): void {
  const { squads } = deps;

  // Also what the client shows in the referrer-squad welcome popup (launch parameter s{id}).
  app.get(
    `${API_PREFIX}/squads/:id`,
    { schema: { params: squadIdParams, response: { 200: squadInfoSchema } }, config: { auth: 'optional' } },
    async (req) => squads.info(req.params.id),
  );

  app.post(
    `${API_PREFIX}/squads/:id/join`,
    { schema: { params: squadIdParams, response: { 200: squadInfoSchema } }, config: { auth: 'required' } },
    async (req) => squads.join(callerId(req), req.params.id),
  );

  app.post(`${API_PREFIX}/squads/leave`, { config: { auth: 'required' } }, async (req, reply) => {
    await squads.leave(callerId(req));
    return reply.code(204).send();
  });

  app.post(
    `${API_PREFIX}/admin/squads`,
    {
      schema: { body: createSquadBody, response: { 201: squadInfoSchema } },
      config: { auth: 'required', role: 'admin' },
    },
    async (req, reply) => reply.code(201).send(await squads.create(req.body)),
  );
}
