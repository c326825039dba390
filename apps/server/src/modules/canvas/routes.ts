import {
  API_PREFIX,
  historyStatsSchema,
  paletteIndexOf,
  pixelIdParams,
  pixelInfoSchema,
  repaintBody,
  repaintResultSchema,
} from '@pixel-wall/shared';
import { z } from 'zod';
import { type App, callerId } from '../../http.ts';
import type { CanvasService } from './service.ts';
import type { Snapshot } from './snapshot.ts';

export interface CanvasRoutesDeps {
  canvas: CanvasService;
  snapshot(format: 'webp' | 'raw', minSeq: number): Promise<Snapshot>;
  historyStats(): Promise<z.infer<typeof historyStatsSchema>>;
}

const snapshotQuery = z
  .object({
    after: z.coerce
      .number()
      .int()
      .min(0)
      .max(2 ** 32 - 1)
      .default(0),
    format: z.enum(['webp', 'raw']).default('webp'),
  })
  .strict();

export function registerCanvasRoutes(app: App, deps: CanvasRoutesDeps): void {
  app.post(
    `${API_PREFIX}/repaint/start`,
    {
      schema: { body: repaintBody, response: { 200: repaintResultSchema } },
      config: { auth: 'required' },
      // The hot path: a paint's reply is ~100 bytes (never compressed) and its body is never sent
      // compressed, so @fastify/compress's three hooks would only cost time (~5 % of the server's
      // main thread under the HTTP paint load, BENCHMARKS.md).
      compress: false,
      decompress: false,
    },
    async (req) => deps.canvas.repaint(callerId(req), req.body.pixelId, paletteIndexOf(req.body.newColor)),
  );

  app.get(
    `${API_PREFIX}/image/get/:id`,
    { schema: { params: pixelIdParams, response: { 200: pixelInfoSchema } }, config: { auth: 'optional' } },
    async (req) => deps.canvas.pixelInfo(req.params.id),
  );

  // The snapshot: webp (what the game draws) or raw deflated palette indices (exact, for tools).
  app.get(
    `${API_PREFIX}/image/canvas`,
    { schema: { querystring: snapshotQuery }, config: { auth: 'none' } },
    async (req, reply) => {
      const snap = await deps.snapshot(req.query.format, req.query.after);
      reply
        .header('ETag', snap.etag)
        .header('X-Canvas-Seq', String(snap.seq))
        .header('Cache-Control', 'no-cache')
        .header('Access-Control-Expose-Headers', 'ETag, X-Canvas-Seq');
      if (req.headers['if-none-match'] === snap.etag) return reply.code(304).send();
      return reply
        .type(req.query.format === 'webp' ? 'image/webp' : 'application/octet-stream')
        .header('X-Canvas-Format', req.query.format === 'raw' ? 'indices+deflate-raw' : 'webp')
        .send(snap.body);
    },
  );

  app.get(
    `${API_PREFIX}/history/stats`,
    { schema: { response: { 200: historyStatsSchema } }, config: { auth: 'none' } },
    async () => deps.historyStats(),
  );
}
