import {
  API_PREFIX,
  adminMeResponse,
  moderationBody,
  moderationLogQuery,
  moderationLogResponse,
  setRoleBody,
  userIdParams,
} from '@pixel-wall/shared';
import { type App, callerId } from '../../http.ts';
import type { ModerationService } from './service.ts';

export interface ModerationRoutesDeps {
  moderation: ModerationService;
}

/**
 * `PUT /admin/ban/{id}` and `/admin/unban/{id}`: 204 for moderators and admins (SPEC §7), 403 for
 * anyone else; an optional `{reason}` goes to the audit log. `PUT /admin/role/{id}` and
 * `GET /admin/log` are for admins; `GET /admin/me` tells the client which buttons to show.
 */
export function registerModerationRoutes(app: App, deps: ModerationRoutesDeps): void {
  const { moderation } = deps;

  app.put(
    `${API_PREFIX}/admin/ban/:id`,
    {
      schema: { params: userIdParams, body: moderationBody },
      config: { auth: 'required', role: 'moderator' },
    },
    async (req, reply) => {
      await moderation.ban(callerId(req), req.params.id, req.body?.reason);
      return reply.code(204).send();
    },
  );

  app.put(
    `${API_PREFIX}/admin/unban/:id`,
    {
      schema: { params: userIdParams, body: moderationBody },
      config: { auth: 'required', role: 'moderator' },
    },
    async (req, reply) => {
      await moderation.unban(callerId(req), req.params.id, req.body?.reason);
      return reply.code(204).send();
    },
  );

  app.put(
    `${API_PREFIX}/admin/role/:id`,
    { schema: { params: userIdParams, body: setRoleBody }, config: { auth: 'required', role: 'admin' } },
    async (req, reply) => {
      await moderation.setRole(callerId(req), req.params.id, req.body.role, req.body.reason);
      return reply.code(204).send();
    },
  );

  app.get(
    `${API_PREFIX}/admin/me`,
    { schema: { response: { 200: adminMeResponse } }, config: { auth: 'required' } },
    async (req) => ({ role: await req.callerRole() }),
  );

  app.get(
    `${API_PREFIX}/admin/log`,
    {
      schema: { querystring: moderationLogQuery, response: { 200: moderationLogResponse } },
      config: { auth: 'required', role: 'admin' },
    },
    async (req) => moderation.log(callerId(req), req.query),
  );
}
