/**
 * Reads config, opens the stores, builds the app, listens, and shuts down cleanly on SIGTERM/SIGINT.
 *
 * Only the config and the database's opening are loaded with this module: the database starts
 * opening first (the embedded PGlite in its worker thread, on the other core), and the app's
 * modules (Fastify, its plugins, every feature) load while it does (`npm run build` splits them
 * into chunks of their own so that their packages load then too).
 */
import { ConfigError, loadConfig } from './config.ts';
import type { AdminSocket } from './db/admin-socket.ts';
import { openDatabase } from './db/client.ts';
import { collectGarbage } from './lib/collect-garbage.ts';
import { wasmTierUp } from './lib/memory-limit.ts';
import { type IdleRelease, releaseWhenIdle } from './lib/release-when-idle.ts';

// Before anything creates a file: what the server writes (DATA_DIR, the database's files, backups,
// the admin socket) is its owner's alone, as PostgreSQL's files are.
process.umask(0o077);

/** How long after it is up the server hands back its start-up's memory (one short pause). */
const RELEASE_AFTER_UP_MS = 500;

/**
 * Milliseconds since the process started, at each step of the start-up (logged once up): `loaded`
 * is Node's own start and the loading of this module, before main() runs; `modules` the app's
 * modules, loaded while the database opens.
 */
const startup: Record<string, number> = { loaded: Math.round(performance.now()) };
const step = (name: string) => {
  startup[name] = Math.round(performance.now());
};

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  // Said once the logger exists (buildApp), not on stderr beside the JSON log.
  const dataDirWarnings: string[] = [];
  const opening = openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    wasmTierUp: wasmTierUp(config.dbWasmTierUp),
    warn: (message) => dataDirWarnings.push(message),
  });
  // Rejected while the modules load: handled below, when it is awaited, not an unhandled rejection.
  opening.catch(() => {});
  const [{ buildApp }, { migrate }, { adminSocketPath, startAdminSocket }] = await Promise.all([
    import('./app.ts'),
    import('./db/migrate.ts'),
    import('./db/admin-socket.ts'),
  ]);
  step('modules');
  const db = await opening;
  step('database');
  await migrate(db);
  step('migrated');
  const built = await buildApp({ config, db });
  step('app');
  const { app } = built;
  for (const message of dataDirWarnings) app.log.warn({ dataDir: config.dataDir }, message);
  let admin: AdminSocket | null = null;
  let idleRelease: IdleRelease | null = null;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: draining requests, sockets and pending commits');
    // The grace time starts once the drain (still serving, /readyz failing) is over.
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownDrainMs + config.shutdownGraceMs);
    force.unref();
    idleRelease?.stop();
    try {
      await built.close({ drainMs: config.shutdownDrainMs });
      await admin?.close();
      await db.close();
      app.log.info('stopped cleanly');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  step('listening');
  // Embedded: this process owns the PGlite files, so `npm run backup` asks it over a local socket.
  if (db.kind === 'pglite') {
    const socketPath = adminSocketPath(config.dataDir);
    try {
      admin = await startAdminSocket(socketPath, db);
    } catch (err) {
      // The game serves on; only `npm run backup` of this running server is unavailable.
      app.log.error(
        { err, socketPath },
        'admin socket failed to start: npm run backup cannot reach this server',
      );
    }
  }
  app.log.info(
    {
      mode: config.redisUrl ? 'cluster' : 'embedded',
      database: db.kind,
      devSignIn: config.devSignIn,
      startupMs: startup,
    },
    `Pixel Wall is up on http://${config.host}:${config.port}`,
  );
  // The start-up's garbage, and the young generation it grew, handed back once it is over: the
  // idle server's memory from its first seconds (lib/collect-garbage.ts). From then on, what a
  // burst grows is handed back once the server is idle again (lib/release-when-idle.ts).
  setTimeout(() => {
    collectGarbage('release');
    if (stopping) return;
    idleRelease = releaseWhenIdle({
      onRelease: ({ durationMs, youngBefore, youngAfter }) =>
        app.log.info(
          { durationMs: Math.round(durationMs), youngBefore, youngAfter },
          'idle: handed the young generation back',
        ),
    });
  }, RELEASE_AFTER_UP_MS).unref();
}

main().catch((err) => {
  // A refusal to start (e.g. another wall on this wall's Redis channels, a database never created)
  // says why, without a stack.
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
});
