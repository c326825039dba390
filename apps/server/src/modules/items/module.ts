/**
 * Items: the catalogue and inventory, daily offers and the free item, blasts and their use, and
 * the colours a player may paint with (All colours, 14).
 */
import { type ModuleLog, serverModule } from '../../app/module.ts';
import type { PlayerCaches } from '../../lib/player-caches.ts';
import { createColourUnlocks } from './colours.ts';
import { registerItemsRoutes } from './routes.ts';
import type { ItemsServiceDeps } from './service.ts';
import { createItemsService } from './service.ts';

export interface ItemsModuleDeps extends Omit<ItemsServiceDeps, 'log' | 'colours'> {
  log: Pick<ModuleLog, 'error'>;
  /** the instance's player caches: the colour unlocks register there */
  caches?: Pick<PlayerCaches, 'register' | 'epoch' | 'current'>;
}

export function createItemsModule(deps: ItemsModuleDeps) {
  const colours = createColourUnlocks({ db: deps.db, caches: deps.caches });
  const items = createItemsService({ ...deps, colours });
  return serverModule({
    name: 'items',
    items,
    /** Who may paint which colours: the canvas asks it on every paint. */
    colours,
    register: (app) => registerItemsRoutes(app, items),
  });
}
