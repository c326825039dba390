/**
 * What every upload route (templates, tournament entries, NFT drawings) does before it reads a
 * byte of the body: the caller is authenticated and admitted (ban, per-player rate limit) at the
 * onRequest stage, and the body's bytes are reserved in one process-wide budget, so neither a
 * stranger nor a crowd of players can make the server hold more upload bytes than it allows.
 * One player holds at most a share of it, and a body must keep arriving at a minimum rate (a
 * trickling client is cut off with 408), so nobody can sit on the budget. The reservation is
 * given back when the response ends or the connection drops. Telegram's webhook uses the same
 * budget and rate (reserveBody, minimumBodyRate) behind its own secret check.
 */
import { Transform } from 'node:stream';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler, preParsingHookHandler } from 'fastify';
import { AppError } from '../errors.ts';

/** A byte budget shared by all uploads of the process. */
export interface UploadBudget {
  /**
   * Reserves `bytes`, counted also against `owner` (a player) when given; the release function
   * (safe to call twice), or null when they do not fit the budget or the owner's share.
   */
  tryReserve(bytes: number, owner?: number | null): (() => void) | null;
  readonly inFlight: number;
  readonly capacity: number;
  /** the most one owner may hold at once */
  readonly perOwner: number;
  /** what `owner` holds now */
  heldBy(owner: number): number;
}

/**
 * One player's share of a budget: a quarter, so that three others still find room, but never
 * less than the largest single upload, which must always fit.
 */
export function playerShareOf(capacity: number, largestUpload: number): number {
  return Math.min(capacity, Math.max(Math.floor(capacity / 4), largestUpload));
}

export function createUploadBudget(capacity: number, opts: { perOwner?: number } = {}): UploadBudget {
  const perOwner = opts.perOwner ?? capacity;
  let inFlight = 0;
  const held = new Map<number, number>();
  return {
    tryReserve(bytes, owner = null) {
      if (inFlight + bytes > capacity) return null;
      const before = owner === null ? 0 : (held.get(owner) ?? 0);
      if (owner !== null && before + bytes > perOwner) return null;
      inFlight += bytes;
      if (owner !== null) held.set(owner, before + bytes);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inFlight -= bytes;
        if (owner === null) return;
        const left = (held.get(owner) ?? 0) - bytes;
        if (left > 0) held.set(owner, left);
        else held.delete(owner);
      };
    },
    get inFlight() {
      return inFlight;
    },
    get capacity() {
      return capacity;
    },
    get perOwner() {
      return perOwner;
    },
    heldBy(owner) {
      return held.get(owner) ?? 0;
    },
  };
}

/** Seconds a client is asked to wait when the budget is full. */
export const UPLOADS_BUSY_RETRY_SECONDS = 5;

/**
 * Reserves the body's declared length (or `maxBytes` for a chunked one, which may grow to the
 * route's limit) before it is read; 503 UPLOADS_BUSY with Retry-After when it does not fit. The
 * bytes come back when the response ends or the connection drops.
 */
export function reserveBody(
  budget: UploadBudget,
  req: FastifyRequest,
  reply: FastifyReply,
  opts: { maxBytes: number; owner: number | null },
): void {
  const declared = req.headers['content-length'];
  const length = declared === undefined ? null : Number(declared);
  const bytes = length !== null && Number.isFinite(length) && length >= 0 ? length : opts.maxBytes;
  const release = budget.tryReserve(bytes, opts.owner);
  if (!release) {
    reply.header('Retry-After', String(UPLOADS_BUSY_RETRY_SECONDS));
    // The budget had room, the player's share did not.
    const mine = opts.owner !== null && budget.inFlight + bytes <= budget.capacity;
    throw new AppError(
      'UPLOADS_BUSY',
      mine
        ? `Your other uploads are still arriving. Try again in ${UPLOADS_BUSY_RETRY_SECONDS} s.`
        : `The server is busy with other uploads. Try again in ${UPLOADS_BUSY_RETRY_SECONDS} s.`,
      { retryAfterSeconds: UPLOADS_BUSY_RETRY_SECONDS },
    );
  }
  // 'finish': the response is out; 'close': the connection dropped (perhaps mid-body).
  reply.raw.once('finish', release);
  reply.raw.once('close', release);
}

/** The slowest a body may arrive: at least `bytesPerSecond`, averaged over each `windowMs`. */
export interface BodyRate {
  bytesPerSecond: number;
  windowMs: number;
}

/** The configuration's defaults (UPLOAD_MIN_BYTES_PER_SECOND, UPLOAD_RATE_WINDOW_MS). */
export const DEFAULT_BODY_RATE: BodyRate = { bytesPerSecond: 4096, windowMs: 10_000 };

/** The error code (fastify.ts answers it 408) of a body cut off for arriving too slowly. */
export const BODY_TOO_SLOW = 'BODY_TOO_SLOW';

class BodyTooSlowError extends Error {
  readonly code = BODY_TOO_SLOW;
  readonly statusCode = 408;
}

/**
 * A preParsing hook: the body passes through a meter, and a window in which fewer than
 * `bytesPerSecond` arrived ends the request with 408 and `Connection: close`, so the reservation
 * comes back at once. A window that ends late (a busy event loop, whose socket may hold bytes not
 * yet read) is not judged; the next one is.
 */
export function minimumBodyRate(rate: BodyRate): preParsingHookHandler {
  return function minimumBodyRate(req, reply, payload, done) {
    if (req.headers['content-length'] === '0') {
      done(null, payload);
      return;
    }
    let received = 0;
    const meter = Object.assign(
      new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          received += chunk.length;
          meter.receivedEncodedLength = received;
          callback(null, chunk);
        },
      }),
      { receivedEncodedLength: 0 },
    );
    let counted = 0;
    let last = performance.now();
    let timer: NodeJS.Timeout;
    const check = () => {
      const now = performance.now();
      const elapsed = now - last;
      const arrived = received - counted;
      counted = received;
      last = now;
      const late = elapsed > rate.windowMs + Math.max(rate.windowMs, 1000);
      if (!late && arrived < (rate.bytesPerSecond * elapsed) / 1000) {
        payload.unpipe(meter);
        payload.pause();
        reply.header('Connection', 'close');
        meter.destroy(
          new BodyTooSlowError(
            `The body arrived slower than ${rate.bytesPerSecond} bytes a second; send it again on a faster connection.`,
          ),
        );
        return;
      }
      timer = setTimeout(check, rate.windowMs);
    };
    timer = setTimeout(check, rate.windowMs);
    meter.once('close', () => clearTimeout(timer));
    meter.once('end', () => clearTimeout(timer));
    // The client went away mid-body: the parser hears it through the meter.
    payload.once('error', (err) => meter.destroy(err));
    payload.once('close', () => {
      if (!(payload as { complete?: boolean }).complete)
        meter.destroy(new Error('the client closed mid-body'));
    });
    payload.pipe(meter);
    done(null, meter);
  };
}

export interface UploadGateDeps {
  budget: UploadBudget;
  /** The caller, null without credentials; throws a 401 AppError for bad ones. */
  authenticate(req: FastifyRequest): Promise<{ userId: number; dev: boolean } | null>;
  /** Throws a 403 AppError when the caller lacks the role the route's `config.role` names. */
  requireRole?(req: FastifyRequest): Promise<void>;
  /** the slowest an admitted body may arrive (default DEFAULT_BODY_RATE) */
  minRate?: BodyRate;
}

export interface UploadGateOptions {
  /** the most bytes the route reads */
  maxBytes: number;
  /** what "too large" says, given the declared length */
  tooLarge(length: number): AppError;
  /** Checks the player may upload now (ban, rate limit); throws an AppError when not. */
  admit?(userId: number): Promise<void> | void;
}

/** An upload route's hooks, spread into its options: `{ ...gate(opts), config: … }`. */
export interface UploadGateHooks {
  onRequest: onRequestAsyncHookHandler;
  preParsing: preParsingHookHandler;
}

export type UploadGate = (opts: UploadGateOptions) => UploadGateHooks;

export function createUploadGate(deps: UploadGateDeps): UploadGate {
  const preParsing = minimumBodyRate(deps.minRate ?? DEFAULT_BODY_RATE);
  return (opts) => ({
    preParsing,
    onRequest: async function uploadGate(req: FastifyRequest, reply: FastifyReply) {
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
        reserveBody(deps.budget, req, reply, { maxBytes: opts.maxBytes, owner: userId });
      } catch (err) {
        req.userId = null;
        // Refused before the body was read: close the connection instead of reading the rest.
        if (req.headers['content-length'] !== '0') reply.header('Connection', 'close');
        throw err;
      }
    },
  });
}
