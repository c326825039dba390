/**
 * `npm run backup -- FILE`, `npm run restore -- FILE`, `npm run backup -- --verify FILE`, with the
 * server's own configuration (DATABASE_URL, or PGlite in DATA_DIR).
 * - PostgreSQL: reads and writes over its own connection; backups run beside the game.
 * - PGlite: a running server owns the files, so the backup comes from it over its admin socket;
 *   with no server running, the CLI opens the files itself. Restore needs the server stopped.
 * A backup goes to FILE.partial first and is renamed once complete and verified.
 */
import fs from 'node:fs';
import http from 'node:http';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../config.ts';
import { adminSocketPath } from './admin-socket.ts';
import { type BackupSummary, restoreBackup, verifyBackup, writeBackup } from './backup.ts';
import { openDatabase } from './client.ts';

export class CliError extends Error {
  override name = 'CliError';
}

/** Whether a server answers on the admin socket. */
function socketAnswers(socketPath: string): Promise<boolean> {
  if (!fs.existsSync(socketPath)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const req = http.request({ socketPath, method: 'GET', path: '/' }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
    req.end();
  });
}

function backupFromServer(socketPath: string, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath, method: 'POST', path: '/backup' }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new CliError(`the server refused the backup (HTTP ${res.statusCode})`));
        return;
      }
      pipeline(res, fs.createWriteStream(file)).then(resolve, reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export async function backup(env: Record<string, string | undefined>, file: string): Promise<BackupSummary> {
  const config = loadConfig(env);
  const partial = `${file}.partial`;
  try {
    const socket = adminSocketPath(config.dataDir);
    if (!config.databaseUrl && (await socketAnswers(socket))) {
      await backupFromServer(socket, partial);
    } else {
      const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
      try {
        await writeBackup(db, fs.createWriteStream(partial));
      } finally {
        await db.close();
      }
    }
    const summary = await verifyBackup(fs.createReadStream(partial));
    fs.renameSync(partial, file);
    return summary;
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
}

export async function restore(env: Record<string, string | undefined>, file: string): Promise<BackupSummary> {
  const config = loadConfig(env);
  if (!fs.existsSync(file)) throw new CliError(`no such file: ${file}`);
  if (!config.databaseUrl && (await socketAnswers(adminSocketPath(config.dataDir)))) {
    throw new CliError(`a server is running on ${config.dataDir}: stop it, then restore`);
  }
  // Checked whole before anything is dropped.
  await verifyBackup(fs.createReadStream(file));
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    return await restoreBackup(db, fs.createReadStream(file));
  } finally {
    await db.close();
  }
}

function describe(s: BackupSummary): string {
  const tables = Object.entries(s.rows)
    .filter(([, n]) => n > 0)
    .map(([t, n]) => `${t} ${n}`)
    .join(', ');
  return `${s.totalRows} rows from ${s.header.database} at ${s.header.createdAt} (${s.header.migrations.length} migrations): ${tables}`;
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const verify = rest[0] === '--verify';
  const file = verify ? rest[1] : rest[0];
  if ((command !== 'backup' && command !== 'restore') || !file || (verify && command !== 'backup')) {
    throw new CliError(
      'usage: npm run backup -- FILE | npm run backup -- --verify FILE | npm run restore -- FILE',
    );
  }
  if (verify) {
    console.info(`backup is complete: ${describe(await verifyBackup(fs.createReadStream(file)))}`);
  } else if (command === 'backup') {
    console.info(`backed up to ${file}: ${describe(await backup(process.env, file))}`);
  } else {
    console.info(`restored ${file}: ${describe(await restore(process.env, file))}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    () => process.exit(0),
    (err: Error) => {
      console.error(
        err instanceof ConfigError || err instanceof CliError || err.name === 'BackupError'
          ? err.message
          : err,
      );
      process.exit(1);
    },
  );
}
