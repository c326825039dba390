/**
 * What every upload route (templates, tournament entries, NFT drawings) does before it reads a
 * byte of the body: the caller is authenticated and admitted (ban, per-player rate limit) at the
 * onRequest stage, and the body's bytes are reserved in one process-wide budget, so neither a
 * stranger nor a crowd of players can make the server hold more upload bytes than it allows.
 * The reservation is given back when the response ends or the connection drops.
 */
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../errors.ts';

/** A byte budget shared by all uploads of the process. */
export interface UploadBudget {
  /** Reserves `bytes`; the release function (safe to call twice), or null when they do not fit. */
  tryReserve(bytes: number): (() => void) | null;
  readonly inFlight: number;
  readonly capacity: number;
}

export function createUploadBudget(capacity: number): UploadBudget {
  let inFlight = 0;
  return {
    tryReserve(bytes) {
      if (inFlight + bytes > capacity) return null;
      inFlight += bytes;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inFlight -= bytes;
      };
    },
    get inFlight() {
      return inFlight;
    },
    get capacity() {
      return capacity;
    },
  };
}

/** Seconds a client is asked to wait when the budget is full. */
export const UPLOADS_BUSY_RETRY_SECONDS = 5;

export interface UploadGateDeps {
  budget: UploadBudget;
  /** The caller, null without credentials; throws a 401 AppError for bad ones. */
  authenticate(req: FastifyRequest): Promise<{ userId: number; dev: boolean } | null>;
  /** Throws a 403 AppError when the caller lacks the role the route's `config.role` names. */
  requireRole?(req: FastifyRequest): Promise<void>;
}

export interface UploadGateOptions {
  /** the most bytes the route reads */
  maxBytes: number;
  /** what "too large" says, given the declared length */
  tooLarge(length: number): AppError;
  /** Checks the player may upload now (ban, rate limit); throws an AppError when not. */
  admit?(userId: number): Promise<void> | void;
}

export type UploadGate = (opts: UploadGateOptions) => onRequestAsyncHookHandler;

export function createUploadGate(deps: UploadGateDeps): UploadGate {
  return (opts) =>
    async function uploadGate(req: FastifyRequest, reply: FastifyReply) {
      try {
        const caller = await deps.authenticate(req);
        if (caller === null) {
          throw new AppError(
            'UNAUTHORIZED',
            'Sign in first: send Authorization: Bearer <token> or initData <data>.',
          );
        }
        const { userId } = caller;
        req.userId = userId;
        req.devSession = caller.dev;
        // A staff upload (config.role) is refused before its body, like a stranger's.
        await deps.requireRole?.(req);
        const declared = req.headers['content-length'];
        const length = declared === undefined ? null : Number(declared);
        if (length !== null && length > opts.maxBytes) throw opts.tooLarge(length);
        await opts.admit?.(userId);
        // A chunked body may grow to the route's limit: reserve that much.
        const release = deps.budget.tryReserve(
          length !== null && Number.isFinite(length) && length >= 0 ? length : opts.maxBytes,
        );
        if (!release) {
          reply.header('Retry-After', String(UPLOADS_BUSY_RETRY_SECONDS));
          throw new AppError(
            'UPLOADS_BUSY',
            `The server is busy with other uploads. Try again in ${UPLOADS_BUSY_RETRY_SECONDS} s.`,
            { retryAfterSeconds: UPLOADS_BUSY_RETRY_SECONDS },
          );
        }
        // 'finish': the response is out; 'close': the connection dropped (perhaps mid-body).
        reply.raw.once('finish', release);
        reply.raw.once('close', release);
      } catch (err) {
        req.userId = null;
        // Refused before the body was read: close the connection instead of reading the rest.
        if (req.headers['content-length'] !== '0') reply.header('Connection', 'close');
        throw err;
      }
    };
}
