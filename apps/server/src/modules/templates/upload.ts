/**
 * Raw binary upload routes (SPEC §5: the body is the image's bytes, optional posX / posY headers).
 * The raw-body parser lives in an encapsulated scope holding only the upload routes: everywhere
 * else the app keeps its JSON-only parsing and small body limit.
 */
import { TEMPLATE_POS_HEADERS, type Template } from '@pixel-wall/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { type App, callerId } from '../../http.ts';
import { positionHeader, type UploadPosition } from './service.ts';

export interface ImageUploadRoute {
  path: string;
  handler(userId: number, bytes: Uint8Array, pos: UploadPosition): Promise<Template>;
}

function positionOf(req: FastifyRequest): UploadPosition {
  return {
    x: positionHeader('posX', req.headers[TEMPLATE_POS_HEADERS.x]),
    y: positionHeader('posY', req.headers[TEMPLATE_POS_HEADERS.y]),
  };
}

export async function registerImageUploads(
  app: App,
  maxBytes: number,
  routes: readonly ImageUploadRoute[],
): Promise<void> {
  await app.register(async (scope) => {
    // Whatever the Content-Type (octet-stream, image/png, image/webp, none), the body is bytes;
    // the file's own signature says what it is.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxBytes }, (_req, body, done) =>
      done(null, body),
    );
    // A declared length over the limit, or no credentials at all, is refused before a byte is read.
    scope.addHook('onRequest', async (req) => {
      if (!req.headers.authorization) {
        throw new AppError(
          'UNAUTHORIZED',
          'Sign in first: send Authorization: Bearer <token> or initData <data>.',
        );
      }
      const length = Number(req.headers['content-length'] ?? 0);
      if (length > maxBytes) {
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          `The file is ${length} bytes; templates may be at most ${maxBytes} bytes.`,
          { reason: 'file-too-large', maxBytes },
        );
      }
    });
    for (const route of routes) {
      scope.post(route.path, { bodyLimit: maxBytes, config: { auth: 'required' } }, async (req, reply) => {
        const userId = callerId(req);
        const pos = positionOf(req);
        const body = req.body;
        const bytes = body instanceof Uint8Array ? body : new Uint8Array(0);
        return reply.code(201).send(await route.handler(userId, bytes, pos));
      });
    }
  });
}
