/**
 * The wall's history: the paint log (written by the group commit through `paintLogWriter`), its
 * keyframes and retention (the leader's), a pixel's history, the wall at any moment, rollback.
 */
import { promisify } from 'node:util';
import { deflateRaw } from 'node:zlib';
import { type ModuleLog, serverModule } from '../../app/module.ts';
import type { Database } from '../../db/client.ts';
import type { Committer } from '../../engine/committer.ts';
import type { Engine } from '../../engine/types.ts';
import { encodeWebp } from '../canvas/snapshot.ts';
import type { UsersService } from '../users/service.ts';
import { createRollbackService } from './rollback.ts';
import { registerHistoryRoutes } from './routes.ts';
import { createHistoryService } from './service.ts';

export { paintLogWriter } from './service.ts';

const deflate = promisify(deflateRaw);
/** How often the leader looks whether a keyframe is due. */
const CHECK_MS = 30_000;
/** Encoded moments kept (a shared link asks for the same moment again and again). */
const CACHED_MOMENTS = 16;

export interface HistoryModuleDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  users: Pick<UsersService, 'profile'>;
  engine: Pick<Engine, 'restorePixels' | 'pixel' | 'canvas'>;
  committer: Pick<Committer, 'flush' | 'submitMany'>;
  history: { keyframePaints: number; keyframeMs: number; retentionMs: number };
  log: ModuleLog;
  now?: () => number;
}

export function createHistoryModule(deps: HistoryModuleDeps) {
  const history = createHistoryService({ db: deps.db, users: deps.users, ...deps.history, now: deps.now });
  const rollback = createRollbackService(deps);
  const encoded = new Map<string, Promise<Buffer>>();
  let timer: NodeJS.Timeout | null = null;

  function canvasAt(atMs: number, format: 'webp' | 'raw'): Promise<Buffer> {
    const key = `${format}:${atMs}`;
    let hit = encoded.get(key);
    if (!hit) {
      // Replayed on the event loop in short rows; encoded on sharp's or zlib's threads.
      hit = history.canvasAt(atMs).then((c) => (format === 'webp' ? encodeWebp(c) : deflate(c)));
      hit.catch(() => encoded.delete(key));
      encoded.set(key, hit);
      while (encoded.size > CACHED_MOMENTS) encoded.delete(encoded.keys().next().value!);
    }
    return hit;
  }

  function run(): void {
    history
      .maintain()
      .catch((err: unknown) => deps.log.error({ err }, 'history keyframe or retention failed'));
  }

  return serverModule({
    name: 'history',
    history,
    rollback,
    register: (app) => registerHistoryRoutes(app, { history, rollback, canvasAt }),
    async start() {
      const n = await history.takeBaseline();
      if (n > 0) deps.log.info({ pixels: n }, 'paint log: the baseline written');
    },
    lead(leading: boolean) {
      if (timer) clearInterval(timer);
      timer = null;
      if (!leading) return;
      run();
      timer = setInterval(run, CHECK_MS);
      timer.unref();
    },
    async drain() {
      if (timer) clearInterval(timer);
      timer = null;
      await history.settled();
    },
  });
}

export type HistoryModule = ReturnType<typeof createHistoryModule>;
