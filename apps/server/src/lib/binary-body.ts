/**
 * Routes that take a raw binary body (`application/octet-stream`), in their own Fastify scope so
 * the rest of the API stays JSON only. The parser keeps at most `limit` bytes (a larger body is
 * refused with 413 before it is read in full); any other content type reaches the handler as a
 * non-buffer and `binaryBody` refuses it with 415.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { App } from '../http.ts';

export function registerBinaryRoutes(app: App, limit: number, routes: (scope: App) => void): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: limit },
      (_req, body, done) => done(null, body),
    );
    // Any other type: read (within the limit) and drop it; the handler says what to send.
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: limit }, (_req, _body, done) =>
      done(null, undefined),
    );
    routes(scope as unknown as App);
  });
}

/** The request's binary body, or 415 naming what to send. */
export function binaryBody(req: FastifyRequest, what: string): Buffer {
  if (!Buffer.isBuffer(req.body)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send ${what} as application/octet-stream.`);
  }
  return req.body;
}
