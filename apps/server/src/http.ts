/** Fastify typing shared by the route modules, and the per-route auth declaration. */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
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

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
  }
  interface FastifyRequest {
    userId: number | null;
  }
}

/** The signed-in caller of a route declared with `auth: 'required'`. */
export function callerId(req: FastifyRequest): number {
  if (req.userId === null) throw new AppError('UNAUTHORIZED', 'Sign in first.');
  return req.userId;
}
