import {
  API_PREFIX,
  maskPriceParams,
  myPixelsCountResponse,
  myPixelsQuery,
  myPixelsResponse,
  pixelPriceList,
  pixelPricesResponse,
  soldPixelsResponse,
} from '@pixel-wall/shared';
import type { FastifyReply } from 'fastify';
import { type App, callerId } from '../../http.ts';
import type { PixelsService } from './service.ts';

export interface PixelsRoutesDeps {
  pixels: PixelsService;
}

export function registerPixelsRoutes(app: App, deps: PixelsRoutesDeps): void {
  const { pixels } = deps;

  app.get(
    `${API_PREFIX}/users/mypixels`,
    {
      schema: { querystring: myPixelsQuery, response: { 200: myPixelsResponse } },
      config: { auth: 'required' },
    },
    async (req) => pixels.mine(callerId(req), req.query.offset, req.query.limit),
  );

  app.get(
    `${API_PREFIX}/users/mypixels/count`,
    { schema: { response: { 200: myPixelsCountResponse } }, config: { auth: 'required' } },
    async (req) => ({ myPixelsCount: await pixels.count(callerId(req)) }),
  );

  app.get(
    `${API_PREFIX}/users/mypixels/sold`,
    {
      schema: { querystring: myPixelsQuery, response: { 200: soldPixelsResponse } },
      config: { auth: 'required' },
    },
    async (req) => pixels.sold(callerId(req), req.query.offset, req.query.limit),
  );

  // Fixed for the life of the wall: cacheable by anyone.
  const prices = pixelPriceList();
  app.get(
    `${API_PREFIX}/image/prices`,
    { schema: { response: { 200: pixelPricesResponse } }, config: { auth: 'none' } },
    async (_req, reply) => {
      reply.header('Cache-Control', 'public, max-age=3600');
      return prices;
    },
  );

  // The player's pixels as a deflated byte map; /image/mask/{price}: only those of one price tier.
  const sendMask = (body: Buffer, reply: FastifyReply) =>
    reply
      .type('application/octet-stream')
      .header('X-Mask-Format', 'bytes+deflate-raw')
      .header('Cache-Control', 'private, no-cache')
      .header('Access-Control-Expose-Headers', 'X-Mask-Format')
      .send(body);
  app.get(`${API_PREFIX}/image/mask`, { config: { auth: 'required' } }, async (req, reply) =>
    sendMask(await pixels.mask(callerId(req)), reply),
  );
  app.get(
    `${API_PREFIX}/image/mask/:price`,
    { schema: { params: maskPriceParams }, config: { auth: 'required' } },
    async (req, reply) => sendMask(await pixels.mask(callerId(req), req.params.price), reply),
  );
}
