/** Items: the catalogue and inventory, daily offers and the free item, blasts and their use. */
import { type ModuleLog, serverModule } from '../../app/module.ts';
import { registerItemsRoutes } from './routes.ts';
import type { ItemsServiceDeps } from './service.ts';
import { createItemsService } from './service.ts';

export interface ItemsModuleDeps extends Omit<ItemsServiceDeps, 'log'> {
  log: Pick<ModuleLog, 'error'>;
}

export function createItemsModule(deps: ItemsModuleDeps) {
  const items = createItemsService(deps);
  return serverModule({
    name: 'items',
    items,
    register: (app) => registerItemsRoutes(app, items),
  });
}
