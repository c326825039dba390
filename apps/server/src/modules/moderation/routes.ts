import { API_PREFIX, userIdParams } from '@pixel-wall/shared';
import type { App } from '../../http.ts';
import { adminOf } from './admin.ts';
import type { ModerationService } from './service.ts';

export interface ModerationRoutesDeps {
  moderation: ModerationService;
  isAdmin(userId: number): boolean;
}

/** `PUT /admin/ban/{id}` and `/admin/unban/{id}`: 204 for admins (SPEC §7), 403 for anyone else. */
export function registerModerationRoutes(app: App, deps: ModerationRoutesDeps): void {
  app.put(
    `${API_PREFIX}/admin/ban/:id`,
    { schema: { params: userIdParams }, config: { auth: 'required' } },
    async (req, reply) => {
      adminOf(req, deps.isAdmin);
      await deps.moderation.ban(req.params.id);
      return reply.code(204).send();
    },
  );

  app.put(
    `${API_PREFIX}/admin/unban/:id`,
    { schema: { params: userIdParams }, config: { auth: 'required' } },
    async (req, reply) => {
      adminOf(req, deps.isAdmin);
      await deps.moderation.unban(req.params.id);
      return reply.code(204).send();
    },
  );
}
