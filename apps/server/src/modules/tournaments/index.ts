/**
 * Templates and tournaments in one factory for app.ts: the services, their routes, and the
 * scoring job that app.ts starts on the cluster leader only.
 */
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { App } from '../../http.ts';
import type { UploadGate } from '../../lib/upload-gate.ts';
import { registerTemplatesRoutes } from '../templates/routes.ts';
import type { Redis } from '../../lib/redis.ts';
import { createTemplatesService } from '../templates/service.ts';
import type { UsersService } from '../users/service.ts';
import { registerTournamentsRoutes } from './routes.ts';
import { createTournamentScorer, type ScorerLog } from './scorer.ts';
import { createTournamentsService } from './service.ts';

export interface TemplatesModuleDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  users: Pick<UsersService, 'profile' | 'requirePlayer' | 'standing'>;
  /** a copy of the canvas (palette indices), for scoring */
  canvas(): Promise<Uint8Array>;
  config: Pick<Config, 'templates' | 'tournament'>;
  instanceId: string;
  /** cluster mode: upload limits shared through this Redis */
  redis?: Redis | null;
  prefix?: string;
  log: ScorerLog;
  now?: () => number;
}

export function createTemplatesModule(deps: TemplatesModuleDeps) {
  const { templates: limits, tournament } = deps.config;
  const schedule = {
    startMs: tournament.startMs,
    roundMs: tournament.roundMs,
    breakMs: tournament.breakMs,
    rounds: tournament.rounds,
  };
  const templates = createTemplatesService({
    db: deps.db,
    users: deps.users,
    maxBytes: limits.maxBytes,
    uploadsPerHour: limits.uploadsPerHour,
    now: deps.now,
    redis: deps.redis,
    prefix: deps.prefix,
  });
  const tournaments = createTournamentsService({ db: deps.db, templates, schedule, now: deps.now });
  const scorer = createTournamentScorer({
    db: deps.db,
    templates,
    canvas: deps.canvas,
    schedule,
    intervalMs: tournament.scoreIntervalMs,
    instanceId: deps.instanceId,
    log: deps.log,
    now: deps.now,
  });
  return {
    templates,
    tournaments,
    scorer,
    async register(app: App, uploadGate: UploadGate): Promise<void> {
      await registerTemplatesRoutes(app, { templates, maxBytes: limits.maxBytes, uploadGate });
      await registerTournamentsRoutes(app, { tournaments, maxBytes: limits.maxBytes, uploadGate });
    },
  };
}

export type TemplatesModule = ReturnType<typeof createTemplatesModule>;
