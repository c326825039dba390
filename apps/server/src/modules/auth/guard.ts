/**
 * The one place a request's caller and role are decided. `config.auth` says whether a route wants
 * a signed-in caller; `config.role` makes it a staff route: the caller must hold that role or a
 * higher one, looked up from ADMIN_IDS and users.role together. A dev sign-in is always a player.
 */
import type { PlayerRole } from '@pixel-wall/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import type { App } from '../../http.ts';
import { ROLE_RANK } from '../moderation/roles.ts';

export interface Caller {
  userId: number;
  dev: boolean;
}

export interface AuthGuardDeps {
  callerOf(req: FastifyRequest): Promise<Caller | null>;
  roleOf(userId: number): Promise<PlayerRole>;
}

const FORBIDDEN_MESSAGE: Record<Exclude<PlayerRole, 'player'>, string> = {
  moderator: 'Only moderators and admins may do that.',
  admin: 'Only admins may do that.',
};

/** Decorates the requests of `app` and adds the auth and role pre-handler. */
export function installAuthGuard(app: App, deps: AuthGuardDeps): void {
  app.decorateRequest('userId', null);
  app.decorateRequest('devSession', false);
  app.decorateRequest('callerRole', async function callerRole(this: FastifyRequest): Promise<PlayerRole> {
    if (this.userId === null || this.devSession) return 'player';
    return deps.roleOf(this.userId);
  });

  app.addHook('onRoute', (route) => {
    const config = route.config as { auth?: string; role?: string } | undefined;
    if (config?.role && config.auth !== 'required') {
      throw new Error(`${route.method} ${route.url}: a route with a role must declare auth: 'required'`);
    }
  });

  app.addHook('preHandler', async (req) => {
    const { auth: mode = 'none' } = req.routeOptions.config;
    if (mode === 'none') return;
    // An upload route's gate (lib/upload-gate.ts) has decided the caller already, before the body.
    if (req.userId === null) {
      const caller = await deps.callerOf(req);
      req.userId = caller?.userId ?? null;
      req.devSession = caller?.dev ?? false;
    }
    if (mode === 'required' && req.userId === null) {
      throw new AppError(
        'UNAUTHORIZED',
        'Sign in first: send Authorization: Bearer <token> or initData <data>.',
      );
    }
    await requireRole(req);
  });
}

/** Throws FORBIDDEN when the caller lacks the role the route's `config.role` names. */
export async function requireRole(req: FastifyRequest): Promise<void> {
  const { role } = req.routeOptions.config;
  if (role && ROLE_RANK[await req.callerRole()] < ROLE_RANK[role]) {
    throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE[role]);
  }
}
