import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { callerId } from '../../http.ts';

/** The caller of an admin route (declared `auth: 'required'`), or 403 for anyone else. */
export function adminOf(req: FastifyRequest, isAdmin: (userId: number) => boolean): number {
  const userId = callerId(req);
  if (!isAdmin(userId)) throw new AppError('FORBIDDEN', 'Only admins may do that.');
  return userId;
}
