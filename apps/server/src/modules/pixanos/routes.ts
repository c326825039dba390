import { API_PREFIX, historyAllResponse, pixanosPageQuery, pixanosRatingResponse } from '@pixel-wall/shared';
import type { App } from '../../http.ts';
import type { PixanosService } from './service.ts';

/** The Pixanos rating (10 a page) and History's list of snaps. Using a snap goes through `/items/use`. */
export function registerPixanosRoutes(app: App, pixanos: PixanosService): void {
  app.get(
    `${API_PREFIX}/ratings/pixanos`,
    {
      schema: { querystring: pixanosPageQuery, response: { 200: pixanosRatingResponse } },
      config: { auth: 'none' },
    },
    async (req) => pixanos.rating(req.query.offset, req.query.limit),
  );

  app.get(
    `${API_PREFIX}/history/all`,
    {
      schema: { querystring: pixanosPageQuery, response: { 200: historyAllResponse } },
      config: { auth: 'none' },
    },
    async (req) => pixanos.history(req.query.offset, req.query.limit),
  );
}
