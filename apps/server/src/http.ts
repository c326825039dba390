/** Fastify typing shared by the route modules, and the per-route auth and role declarations. */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { PlayerRole } from '@pixel-wall/shared';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';

export type App = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export type AuthMode = 'required' | 'optional' | 'none';

/** The least role a staff route asks of its caller. */
export type StaffRole = Exclude<PlayerRole, 'player'>;

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
    /** A staff route: the caller must hold this role or a higher one (checked by one hook). */
    role?: StaffRole;
  }
  interface FastifyRequest {
    userId: number | null;
    /** The caller signed in through dev sign-in: a player whatever their id's role. */
    devSession: boolean;
    /** The caller's role for this request ('player' for a guest or a dev session). */
    callerRole(): Promise<PlayerRole>;
  }
}

/** The signed-in caller of a route declared with `auth: 'required'`. */
export function callerId(req: FastifyRequest): number {
  if (req.userId === null) throw new AppError('UNAUTHORIZED', 'Sign in first.');
  return req.userId;
}
