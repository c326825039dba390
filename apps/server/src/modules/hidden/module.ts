/**
 * The hidden-template game: paints on the round's template win (the canvas module asks `onPaint`);
 * the first round comes from a server secret at first start.
 */
import { type ModuleLog, serverModule } from '../../app/module.ts';
import type { Database } from '../../db/client.ts';
import { serverSecret } from '../../lib/secrets.ts';
import type { UploadGate } from '../../lib/upload-gate.ts';
import { registerHiddenRoutes } from './routes.ts';
import { createHiddenGame } from './service.ts';

export interface HiddenModuleDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  /** authenticates an upload (a new round's template) before its body is read */
  uploadGate: UploadGate;
  log: Pick<ModuleLog, 'error'>;
}

export async function createHiddenModule(deps: HiddenModuleDeps) {
  const hidden = createHiddenGame({
    db: deps.db,
    seed: await serverSecret(deps.db, 'hidden-template', null),
    log: deps.log,
  });
  // The round exists and is loaded before the first paint can ask about it.
  await hidden.start();
  return serverModule({
    name: 'hidden',
    hidden,
    register: (app) => registerHiddenRoutes(app, hidden, { uploadGate: deps.uploadGate }),
    stop: () => hidden.stop(),
  });
}
