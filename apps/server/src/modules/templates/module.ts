/** Templates: the players' uploaded templates (PNG, checked and stored) and their pages. */
import { serverModule } from '../../app/module.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Redis } from '../../lib/redis.ts';
import type { UploadGate } from '../../lib/upload-gate.ts';
import type { UsersService } from '../users/service.ts';
import { registerTemplatesRoutes } from './routes.ts';
import { createTemplatesService } from './service.ts';

export interface TemplatesModuleDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  users: Pick<UsersService, 'profile' | 'requirePlayer' | 'standing'>;
  config: Pick<Config, 'templates'>;
  /** authenticates an upload before its body is read */
  uploadGate: UploadGate;
  /** cluster mode: upload limits shared through this Redis */
  redis?: Redis | null;
  prefix?: string;
  now?: () => number;
}

export function createTemplatesModule(deps: TemplatesModuleDeps) {
  const { maxBytes, uploadsPerHour } = deps.config.templates;
  const templates = createTemplatesService({
    db: deps.db,
    users: deps.users,
    maxBytes,
    uploadsPerHour,
    now: deps.now,
    redis: deps.redis,
    prefix: deps.prefix,
  });
  return serverModule({
    name: 'templates',
    templates,
    register: (app) => registerTemplatesRoutes(app, { templates, maxBytes, uploadGate: deps.uploadGate }),
  });
}
