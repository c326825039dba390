import {
  API_PREFIX,
  maybeTemplateResponse,
  myTemplatesResponse,
  templateFileParams,
  templateIdParams,
  templateListQuery,
  templateListResponse,
  templateSchema,
  templateSizesResponse,
  templateUserParams,
} from '@pixel-wall/shared';
import { AppError } from '../../errors.ts';
import { type App, callerId } from '../../http.ts';
import type { UploadGate } from '../../lib/upload-gate.ts';
import type { TemplatesService } from './service.ts';
import { registerImageUploads } from './upload.ts';

export interface TemplatesRoutesDeps {
  templates: TemplatesService;
  maxBytes: number;
  uploadGate: UploadGate;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function registerTemplatesRoutes(app: App, deps: TemplatesRoutesDeps): Promise<void> {
  const { templates } = deps;
  const T = `${API_PREFIX}/image/template`;

  await registerImageUploads(app, deps.uploadGate, deps.maxBytes, [
    {
      path: `${T}/upload`,
      admit: (userId) => templates.admitUpload(userId),
      handler: (userId, bytes, pos) => templates.upload(userId, bytes, pos),
    },
  ]);

  app.get(
    `${T}/sizes/:userId`,
    {
      schema: { params: templateUserParams, response: { 200: templateSizesResponse } },
      config: { auth: 'optional' },
    },
    async (req) => templates.sizes(req.params.userId),
  );

  app.get(
    `${T}/my`,
    { schema: { response: { 200: myTemplatesResponse } }, config: { auth: 'required' } },
    async (req) => templates.my(callerId(req)),
  );

  app.get(
    `${T}/list`,
    {
      schema: { querystring: templateListQuery, response: { 200: templateListResponse } },
      config: { auth: 'optional' },
    },
    async (req) => templates.list(req.userId, req.query.limit, req.query.offset),
  );

  app.get(
    `${T}/world`,
    { schema: { response: { 200: maybeTemplateResponse } }, config: { auth: 'none' } },
    async () => ({ template: await templates.world() }),
  );

  app.get(
    `${T}/referred`,
    { schema: { response: { 200: maybeTemplateResponse } }, config: { auth: 'required' } },
    async (req) => ({ template: await templates.referred(callerId(req)) }),
  );

  // The picture itself: one URL per version, so it is cached for good.
  app.get(
    `${T}/file/:file`,
    { schema: { params: templateFileParams }, config: { auth: 'none' } },
    async (req, reply) => {
      const [id, version] = req.params.file.replace('.png', '').split('-').map(Number) as [number, number];
      const etag = `"tpl-${id}-${version}"`;
      if (req.headers['if-none-match'] === etag) {
        return reply.code(304).header('ETag', etag).header('Cache-Control', IMMUTABLE).send();
      }
      const png = await templates.file(id, version);
      if (!png) throw new AppError('NOT_FOUND', `There is no template file ${req.params.file}.`);
      return reply
        .type('image/png')
        .header('ETag', etag)
        .header('Cache-Control', IMMUTABLE)
        .header('X-Content-Type-Options', 'nosniff')
        .send(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
    },
  );

  app.get(
    `${T}/:id`,
    { schema: { params: templateIdParams, response: { 200: templateSchema } }, config: { auth: 'optional' } },
    async (req) => templates.get(req.params.id, 'personal', req.userId),
  );

  app.put(
    `${T}/subscribe/:id`,
    { schema: { params: templateIdParams, response: { 200: templateSchema } }, config: { auth: 'required' } },
    async (req) => templates.subscribe(callerId(req), 'personal', req.params.id),
  );

  app.delete(`${T}/subscribe`, { config: { auth: 'required' } }, async (req, reply) => {
    await templates.unsubscribe(callerId(req), 'personal');
    return reply.code(204).send();
  });

  // Admins choose the world template from the players' templates.
  app.put(
    `${API_PREFIX}/admin/template/world/:id`,
    {
      schema: { params: templateIdParams, response: { 200: maybeTemplateResponse } },
      config: { auth: 'required', role: 'admin' },
    },
    async (req) => ({ template: await templates.setWorld(req.params.id) }),
  );
  app.delete(
    `${API_PREFIX}/admin/template/world`,
    { config: { auth: 'required', role: 'admin' } },
    async (_req, reply) => {
      await templates.setWorld(null);
      return reply.code(204).send();
    },
  );
}
