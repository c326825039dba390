/**
 * Test support for the players' routes. Boots the real app (buildApp on a real database and port).
 * When app.ts already wires the players' modules, that app is all there is. Until then, a second Fastify
 * instance serves these routes, built the way app.ts builds its own (zod compilers, the auth
 * pre-handler, the error body), over the same database and the same bus: it stands for a second
 * instance of the cluster, so a ban there must reach the real app through the bus.
 */
import { API_PREFIX } from '@pixel-wall/shared';
import Fastify, { type FastifyError } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { App } from '../../http.ts';
import { createPlayerCaches } from '../../lib/player-caches.ts';
import { serverSecret } from '../../lib/secrets.ts';
import { type Bus, createMemoryBus } from '../../realtime/bus.ts';
import { type RunningApp, startApp, type TestStore, testConfig } from '../../testing/harness.ts';
import { createAuthenticator } from '../auth/authenticate.ts';
import { installAuthGuard } from '../auth/guard.ts';
import { createTokenService } from '../auth/tokens.ts';
import { createModerationModule } from '../moderation/module.ts';
import { createRoles } from '../moderation/roles.ts';
import { createPixelsModule } from '../pixels/module.ts';
import { createRatingsModule, type RatingsModule } from '../ratings/module.ts';
import { createSqlRatingsSource } from '../ratings/store.ts';
import { createSquadsModule } from '../squads/module.ts';
import { createUsersService } from '../users/service.ts';
import { createProfilesModule } from './module.ts';

export const ADMIN_ID = 900_001;

export interface PlayersTestApp {
  /** The real app: sign-in, paints, /users/me, websockets. */
  readonly app: RunningApp;
  /** Base URL of the players' routes. */
  readonly url: string;
  /** True when app.ts serves the players' routes itself. */
  readonly wired: boolean;
  readonly bus: Bus;
  readonly config: Config;
  /** Makes the rating boards match SQL after a test wrote rows straight into it. */
  sync(): Promise<void>;
  stop(): Promise<void>;
}

interface Side {
  url: string;
  ratings: RatingsModule;
  close(): Promise<void>;
}

async function startSide(run: RunningApp, config: Config, bus: Bus): Promise<Side> {
  const { db } = run;
  const tokens = createTokenService({
    db,
    secret: await serverSecret(db, 'session', config.sessionSecret),
    accessTtlSeconds: config.accessTokenTtlSeconds,
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
  });
  const caches = createPlayerCaches();
  const users = createUsersService({
    db,
    adminIds: config.adminIds,
    startCharges: config.charges.start,
    caches,
  });
  const unsubscribe = caches.attach(bus);
  const authenticator = createAuthenticator({
    tokens,
    users,
    botToken: config.telegram.botToken,
    initDataMaxAgeSeconds: config.telegram.initDataMaxAgeSeconds,
    countryOf: () => null,
  });
  const roles = createRoles({ db, isAdmin: (id) => config.adminIds.has(id) });
  const ratings = await createRatingsModule({ db, users, redis: null });
  const modules = [
    ratings,
    createSquadsModule({ db, ratings: ratings.ratings, users, caches }),
    createModerationModule({
      db,
      tokens,
      caches,
      store: ratings.store,
      isAdmin: (id) => config.adminIds.has(id),
      roles,
    }),
    createProfilesModule({ db, ratings: ratings.ratings, users }),
    createPixelsModule({ db }),
  ];

  const app: App = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const known = err instanceof AppError;
    const invalid = hasZodFastifySchemaValidationErrors(err);
    const status = known ? err.status : invalid ? 400 : (err.statusCode ?? 500);
    const code = known ? err.code : status < 500 ? 'BAD_REQUEST' : 'INTERNAL';
    return reply.code(status).send({ error: { code, message: err.message }, requestId: req.id });
  });
  installAuthGuard(app, { callerOf: (req) => authenticator.callerOf(req), roleOf: roles.roleOf });
  for (const m of modules) m.register(app);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    ratings,
    close: async () => {
      unsubscribe();
      await app.close();
      await ratings.stop();
    },
  };
}

export async function startPlayersApp(
  store: TestStore,
  env: Record<string, string> = {},
): Promise<PlayersTestApp> {
  const config = testConfig({ ADMIN_IDS: String(ADMIN_ID), ...env });
  const bus = createMemoryBus();
  let run = await startApp(store, config, { bus });
  const wired = run.built.app.hasRoute({ method: 'GET', url: `${API_PREFIX}/ratings/personal` });
  let side = wired ? null : await startSide(run, config, bus);

  return {
    get app() {
      return run;
    },
    get url() {
      return side ? side.url : run.baseUrl;
    },
    wired,
    bus,
    config,
    async sync() {
      if (side) await side.ratings.store.load(createSqlRatingsSource(run.db));
      else {
        // The wired app loads its boards from SQL at start.
        await run.stop();
        run = await startApp(store, config, { bus });
      }
    },
    async stop() {
      await side?.close();
      side = null;
      await run.stop();
    },
  };
}
