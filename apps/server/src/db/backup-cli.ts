/**
 * `npm run backup -- FILE`, `npm run restore -- FILE`, `npm run backup -- --verify FILE`, with the
 * server's own configuration (DATABASE_URL, or PGlite in DATA_DIR).
 * - PostgreSQL: reads and writes over its own connection; backups run beside the game.
 * - PGlite: a running server owns the files. It holds its database still over its admin socket
 *   while this process copies the files (a moment: paints wait for the copy only), then the copy is
 *   dumped here, in this process, and deleted. With no server running, the CLI opens the files
 *   itself. Restore needs the server stopped.
 * A backup goes to FILE.partial (mode 0600: it holds the wall's secrets) and is renamed once
 * complete and verified. A progress line goes to stderr.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../config.ts';
import { adminSocketPath, checkAdminSocket } from './admin-socket.ts';
import { type BackupSummary, restoreBackup, verifyBackup, writeBackup } from './backup.ts';
import { openDatabase } from './client.ts';
import { createProgress, type Progress, type ProgressOut } from './progress.ts';

export class CliError extends Error {
  override name = 'CliError';
}

export interface CliOptions {
  /** where the progress line goes; none when absent */
  progress?: ProgressOut;
}

/** The PGlite files' directory inside DATA_DIR (client.ts). */
const PGLITE_DIR = 'pglite';
/** Copies of a running server's files, one per backup, inside DATA_DIR: `.backup-copy-<pid>-…`. */
const COPY_PREFIX = '.backup-copy-';

/** Whether a server answers on the admin socket (whose directory and owner are checked first). */
function socketAnswers(socketPath: string): Promise<boolean> {
  if (!checkAdminSocket(socketPath)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const req = http.request({ socketPath, method: 'GET', path: '/' }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
    req.end();
  });
}

/**
 * Asks the server on `socketPath` to hold its database still, runs `copy` meanwhile, and resolves
 * with how long the server held it once the server confirms it held it throughout.
 */
function whileServerHolds(socketPath: string, copy: () => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath, method: 'POST', path: '/hold' }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new CliError(`the server refused to hold its database for the copy (HTTP ${res.statusCode})`));
        req.destroy();
        return;
      }
      res.setEncoding('utf8');
      let text = '';
      let heldAt = 0;
      res.on('data', (s: string) => {
        text += s;
        if (heldAt === 0 && text.startsWith('held\n')) {
          heldAt = performance.now();
          try {
            copy();
          } catch (err) {
            req.destroy();
            reject(err);
            return;
          }
          req.end();
        }
      });
      res.on('end', () => {
        if (text === 'held\nreleased\n') resolve(performance.now() - heldAt);
        else if (text.endsWith('expired\n'))
          reject(new CliError('the copy took longer than the server holds its database still: try again'));
        else reject(new CliError('the server stopped holding its database before the copy was done'));
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    // The body stays open: the server holds until it ends.
    req.flushHeaders();
  });
}

/** Copies left by a backup whose process is gone. */
function removeStaleCopies(dataDir: string): void {
  for (const name of fs.readdirSync(dataDir)) {
    if (!name.startsWith(COPY_PREFIX)) continue;
    const pid = Number(name.slice(COPY_PREFIX.length).split('-')[0]);
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch (err) {
      alive = (err as NodeJS.ErrnoException).code === 'EPERM';
    }
    if (!alive || pid === process.pid) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
  }
}

/**
 * A consistent copy of a running embedded server's database, dumped here. The copy is a directory
 * of its own (mode 0700) beside the files, so the copy can be a reflink where the file system has them.
 */
export async function dumpRunningServer(
  socketPath: string,
  dataDir: string,
  out: Writable,
  progress?: Progress,
  log: (line: string) => void = () => {},
): Promise<BackupSummary> {
  removeStaleCopies(dataDir);
  const copyDir = fs.mkdtempSync(path.join(dataDir, `${COPY_PREFIX}${process.pid}-`));
  try {
    const heldMs = await whileServerHolds(socketPath, () =>
      fs.cpSync(path.join(dataDir, PGLITE_DIR), path.join(copyDir, PGLITE_DIR), {
        recursive: true,
        mode: fs.constants.COPYFILE_FICLONE,
        // the running server's lock file, not the copy's
        filter: (src) => path.basename(src) !== 'postmaster.pid',
      }),
    );
    log(`the server held its database still for ${Math.round(heldMs)} ms while its files were copied`);
    const db = await openDatabase({ url: null, dataDir: copyDir, poolSize: 1 });
    try {
      return await writeBackup(db, out, { progress });
    } finally {
      await db.close();
    }
  } finally {
    fs.rmSync(copyDir, { recursive: true, force: true });
  }
}

/** A new file only this user may read (mode 0600 whatever the umask; an old one is replaced). */
function createPrivateFile(file: string): fs.WriteStream {
  fs.rmSync(file, { force: true });
  const fd = fs.openSync(file, 'wx', 0o600);
  fs.fchmodSync(fd, 0o600);
  return fs.createWriteStream('', { fd });
}

export async function backup(
  env: Record<string, string | undefined>,
  file: string,
  opts: CliOptions = {},
): Promise<BackupSummary> {
  const config = loadConfig(env);
  const partial = `${file}.partial`;
  const progress = opts.progress
    ? createProgress({ label: 'backup', bytesVerb: 'written', out: opts.progress })
    : undefined;
  const log = (line: string) => opts.progress?.write(`${line}\n`);
  let out: fs.WriteStream | null = null;
  try {
    out = createPrivateFile(partial);
    const socket = adminSocketPath(config.dataDir);
    if (!config.databaseUrl && (await socketAnswers(socket))) {
      await dumpRunningServer(socket, config.dataDir, out, progress, log);
    } else {
      const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
      try {
        await writeBackup(db, out, { progress });
      } finally {
        await db.close();
      }
    }
    const summary = await verifyBackup(fs.createReadStream(partial));
    fs.renameSync(partial, file);
    return summary;
  } catch (err) {
    out?.destroy();
    fs.rmSync(partial, { force: true });
    throw err;
  }
}

export async function restore(
  env: Record<string, string | undefined>,
  file: string,
  opts: CliOptions = {},
): Promise<BackupSummary> {
  const config = loadConfig(env);
  if (!fs.existsSync(file)) throw new CliError(`no such file: ${file}`);
  if (!config.databaseUrl && (await socketAnswers(adminSocketPath(config.dataDir)))) {
    throw new CliError(`a server is running on ${config.dataDir}: stop it, then restore`);
  }
  // Checked whole before the database is opened; the restore checks it again as it loads.
  const checked = await verifyBackup(fs.createReadStream(file));
  const progress = opts.progress
    ? createProgress({ label: 'restore', bytesVerb: 'read', out: opts.progress })
    : undefined;
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    return await restoreBackup(db, fs.createReadStream(file), { progress, totalRows: checked.totalRows });
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
  const opts: CliOptions = { progress: process.stderr };
  if (verify) {
    if (!fs.existsSync(file)) throw new CliError(`no such file: ${file}`);
    console.info(`backup is complete: ${describe(await verifyBackup(fs.createReadStream(file)))}`);
  } else if (command === 'backup') {
    console.info(`backed up to ${file}: ${describe(await backup(process.env, file, opts))}`);
  } else {
    console.info(`restored ${file}: ${describe(await restore(process.env, file, opts))}`);
  }
}

/** Errors that say all there is to say in their message: no stack trace for them. */
const EXPECTED = new Set(['CliError', 'BackupError', 'AdminSocketError']);

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    () => process.exit(0),
    (err: Error) => {
      console.error(err instanceof ConfigError || EXPECTED.has(err.name) ? err.message : err);
      process.exit(1);
    },
  );
}
