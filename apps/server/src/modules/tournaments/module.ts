/**
 * Tournaments: rounds of template entries on a calendar, their results, and the scoring job that
 * compares the canvas with the entries (cluster leader only).
 */
import { serverModule } from '../../app/module.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { UploadGate } from '../../lib/upload-gate.ts';
import type { TemplatesService } from '../templates/service.ts';
import { registerTournamentsRoutes } from './routes.ts';
import { createTournamentScorer, type ScorerLog } from './scorer.ts';
import { createTournamentsService } from './service.ts';

export interface TournamentsModuleDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  /** the templates module's service: an entry is a template */
  templates: TemplatesService;
  /** a copy of the canvas (palette indices), for scoring */
  canvas(): Promise<Uint8Array>;
  config: Pick<Config, 'templates' | 'tournament'>;
  /** authenticates an upload before its body is read */
  uploadGate: UploadGate;
  instanceId: string;
  log: ScorerLog;
  now?: () => number;
}

export function createTournamentsModule(deps: TournamentsModuleDeps) {
  const { templates: limits, tournament } = deps.config;
  const schedule = {
    startMs: tournament.startMs,
    roundMs: tournament.roundMs,
    breakMs: tournament.breakMs,
    rounds: tournament.rounds,
  };
  const tournaments = createTournamentsService({
    db: deps.db,
    templates: deps.templates,
    schedule,
    now: deps.now,
  });
  const scorer = createTournamentScorer({
    db: deps.db,
    templates: deps.templates,
    canvas: deps.canvas,
    schedule,
    intervalMs: tournament.scoreIntervalMs,
    instanceId: deps.instanceId,
    log: deps.log,
    now: deps.now,
  });
  return serverModule({
    name: 'tournaments',
    tournaments,
    scorer,
    register: (app) =>
      registerTournamentsRoutes(app, { tournaments, maxBytes: limits.maxBytes, uploadGate: deps.uploadGate }),
    lead(leading) {
      if (leading) scorer.start();
      else void scorer.stop();
    },
    stop: () => scorer.stop(),
  });
}
