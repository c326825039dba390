/** A player's own pixels (their history of paints). */
import { serverModule } from '../../app/module.ts';
import type { Database } from '../../db/client.ts';
import { registerPixelsRoutes } from './routes.ts';
import { createPixelsService } from './service.ts';

export function createPixelsModule(deps: { db: Pick<Database, 'query'> }) {
  const pixels = createPixelsService(deps);
  return serverModule({
    name: 'pixels',
    pixels,
    register: (app) => registerPixelsRoutes(app, { pixels }),
  });
}
