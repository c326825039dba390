/**
 * Raw binary upload routes (SPEC §5: the body is the image's bytes, optional posX / posY headers).
 * The raw-body parser lives in an encapsulated scope holding only the upload routes: everywhere
 * else the app keeps its JSON-only parsing and small body limit. The upload gate authenticates,
 * admits and reserves the bytes before the body is read.
 */
import { TEMPLATE_POS_HEADERS, type Template } from '@pixel-wall/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { type App, callerId } from '../../http.ts';
import type { UploadGate } from '../../lib/upload-gate.ts';
import { positionHeader, type UploadPosition } from './service.ts';

export interface ImageUploadRoute {
  path: string;
  /** Checks the player may upload now (ban, rate limit), before the body is read. */
  admit(userId: number): Promise<void>;
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
  gate: UploadGate,
  maxBytes: number,
  routes: readonly ImageUploadRoute[],
): Promise<void> {
  const tooLarge = (length: number) =>
    new AppError(
      'PAYLOAD_TOO_LARGE',
      `The file is ${length} bytes; templates may be at most ${maxBytes} bytes.`,
      {
        reason: 'file-too-large',
        maxBytes,
      },
    );
  await app.register(async (scope) => {
    // Whatever the Content-Type (octet-stream, image/png, image/webp, none), the body is bytes;
    // the file's own signature says what it is.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxBytes }, (_req, body, done) =>
      done(null, body),
    );
    for (const route of routes) {
      const hooks = gate({ maxBytes, tooLarge, admit: (userId) => route.admit(userId) });
      scope.post(
        route.path,
        { bodyLimit: maxBytes, ...hooks, config: { auth: 'required' } },
        async (req, reply) => {
          const userId = callerId(req);
          const pos = positionOf(req);
          const body = req.body;
          const bytes = body instanceof Uint8Array ? body : new Uint8Array(0);
          return reply.code(201).send(await route.handler(userId, bytes, pos));
        },
      );
    }
  });
}
