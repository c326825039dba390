import {
  API_PREFIX,
  buyListResponse,
  dailyFreeResponse,
  dailyListResponse,
  repaintSpecialBody,
  useItemBody,
  useItemResultSchema,
} from '@pixel-wall/shared';
import { type App, callerId } from '../../http.ts';
import type { ItemsService } from './service.ts';

export function registerItemsRoutes(app: App, items: ItemsService): void {
  app.get(
    `${API_PREFIX}/buy/list`,
    { schema: { response: { 200: buyListResponse } }, config: { auth: 'optional' } },
    async (req) => items.buyList(req.userId),
  );

  app.get(
    `${API_PREFIX}/daily/list`,
    { schema: { response: { 200: dailyListResponse } }, config: { auth: 'optional' } },
    async (req) => items.dailyList(req.userId),
  );

  app.get(
    `${API_PREFIX}/daily/free`,
    { schema: { response: { 200: dailyFreeResponse } }, config: { auth: 'required' } },
    async (req) => items.claimDailyFree(callerId(req)),
  );

  app.post(
    `${API_PREFIX}/repaint/special`,
    {
      schema: { body: repaintSpecialBody, response: { 200: useItemResultSchema } },
      config: { auth: 'required' },
    },
    async (req) => items.useBlast(callerId(req), req.body.type, req.body.pixelId, req.body.color),
  );

  app.post(
    `${API_PREFIX}/items/use`,
    { schema: { body: useItemBody, response: { 200: useItemResultSchema } }, config: { auth: 'required' } },
    async (req) => items.use(callerId(req), req.body.productId, req.body.pixelId, req.body.color),
  );
}
