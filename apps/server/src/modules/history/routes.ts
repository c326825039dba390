import {
  API_PREFIX,
  historyCanvasQuery,
  pixelHistoryQuery,
  pixelHistoryResponse,
  pixelIdParams,
  rollbackBody,
  rollbackPreviewQuery,
  rollbackResponse,
} from '@pixel-wall/shared';
import { type App, callerId } from '../../http.ts';
import type { RollbackService } from './rollback.ts';
import type { HistoryService } from './service.ts';

export interface HistoryRoutesDeps {
  history: HistoryService;
  rollback: RollbackService;
  /** the wall at a moment, encoded (cached by the module) */
  canvasAt(atMs: number, format: 'webp' | 'raw'): Promise<Buffer>;
}

/**
 * `GET /history/pixels/{id}` (public, like `/image/get/{id}`), `GET /history/canvas?at=` (public,
 * the formats of `/image/canvas`), `POST /admin/rollback` and its preview (moderators and admins).
 */
export function registerHistoryRoutes(app: App, deps: HistoryRoutesDeps): void {
  app.get(
    `${API_PREFIX}/history/pixels/:id`,
    {
      schema: {
        params: pixelIdParams,
        querystring: pixelHistoryQuery,
        response: { 200: pixelHistoryResponse },
      },
      config: { auth: 'optional' },
    },
    async (req) => deps.history.pixelHistory(req.params.id, req.query.limit, req.query.before),
  );

  app.get(
    `${API_PREFIX}/history/canvas`,
    { schema: { querystring: historyCanvasQuery }, config: { auth: 'none' } },
    async (req, reply) => {
      const { at, format } = req.query;
      deps.history.checkMoment(at);
      const body = await deps.canvasAt(at, format);
      return reply
        .type(format === 'webp' ? 'image/webp' : 'application/octet-stream')
        .header('X-Canvas-Format', format === 'raw' ? 'indices+deflate-raw' : 'webp')
        .header('Cache-Control', 'public, max-age=60')
        .send(body);
    },
  );

  app.post(
    `${API_PREFIX}/admin/rollback`,
    {
      schema: { body: rollbackBody, response: { 200: rollbackResponse } },
      config: { auth: 'required', role: 'moderator' },
    },
    async (req) => {
      const body = req.body;
      if (!body.dryRun) return { pixels: await deps.rollback.rollback(callerId(req), body) };
      const plan = await deps.rollback.plan(body);
      const q = new URLSearchParams({
        x: String(body.x),
        y: String(body.y),
        w: String(body.w),
        h: String(body.h),
        since: new Date(body.since).toISOString(),
      });
      if (body.until !== undefined) q.set('until', new Date(body.until).toISOString());
      if (body.userId !== undefined) q.set('userId', String(body.userId));
      const url = (state: string) => `${API_PREFIX}/admin/rollback/preview?${q}&state=${state}`;
      return { pixels: plan.pixels.size, before: url('before'), after: url('after') };
    },
  );

  app.get(
    `${API_PREFIX}/admin/rollback/preview`,
    { schema: { querystring: rollbackPreviewQuery }, config: { auth: 'required', role: 'moderator' } },
    async (req, reply) => {
      const plan = await deps.rollback.plan(req.query);
      const body = await deps.rollback.preview(req.query, plan, req.query.state);
      return reply.type('image/webp').header('Cache-Control', 'private, no-store').send(body);
    },
  );
}
