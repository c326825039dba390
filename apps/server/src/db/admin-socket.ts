/**
 * The embedded server's local admin channel: HTTP on a Unix socket (mode 0600) in a directory of
 * its own (mode 0700, owned by the server's user), so only that user may use it and nothing on
 * the network reaches it. Both ends check that directory's owner and mode, and the CLI the socket's
 * owner, before trusting it: a directory or socket another user made first (in a shared temporary
 * directory) is refused, never used.
 *
 * `POST /hold` holds the database still for a copy of its files: the server opens a transaction,
 * runs CHECKPOINT, answers `held`, and keeps the transaction (PGlite's one connection) until the
 * caller ends its request body or hangs up, then answers `released`; or, after `maxHoldMs`,
 * `expired` (the copy is then not to be trusted). `npm run backup` copies the files meanwhile and
 * dumps the copy in its own process, so paints wait for the copy, not for the whole dump.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Database } from './client.ts';

export const ADMIN_SOCKET_NAME = 'admin.sock';
/** The socket's private directory inside DATA_DIR. */
export const ADMIN_DIR_NAME = 'run';

/** Linux refuses Unix socket paths over 107 bytes. */
const MAX_SOCKET_PATH = 100;

/** How long the server holds its database still for one copy, at most. */
export const DEFAULT_MAX_HOLD_MS = 30_000;

export class AdminSocketError extends Error {
  override name = 'AdminSocketError';
}

const uid = () => process.getuid?.() ?? 0;

/**
 * `DATA_DIR/run/admin.sock`; when that path is too long for a socket, `<tmp>/pixel-wall-<uid>/<hash
 * of DATA_DIR>.sock`. The server and the CLI compute the same path.
 */
export function adminSocketPath(dataDir: string): string {
  const inDir = path.join(dataDir, ADMIN_DIR_NAME, ADMIN_SOCKET_NAME);
  if (Buffer.byteLength(inDir) <= MAX_SOCKET_PATH) return inDir;
  const key = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `pixel-wall-${uid()}`, `${key}.sock`);
}

/**
 * Throws unless `dir` is a directory (not a symbolic link) owned by this process's user with mode
 * 0700. Answers false when it does not exist.
 */
export function checkPrivateDir(dir: string): boolean {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
  const refuse = (why: string) =>
    new AdminSocketError(`the admin socket's directory ${dir} ${why}: remove it, then try again`);
  if (st.isSymbolicLink()) throw refuse('is a symbolic link, not a directory of its own');
  if (!st.isDirectory()) throw refuse('is not a directory');
  if (st.uid !== uid()) throw refuse(`belongs to uid ${st.uid}, not to this user (uid ${uid()})`);
  if ((st.mode & 0o777) !== 0o700) throw refuse(`has mode 0${(st.mode & 0o777).toString(8)}, not 0700`);
  return true;
}

/** Makes `dir` with mode 0700 unless it exists, then checks it as `checkPrivateDir` does. */
export function ensurePrivateDir(dir: string): void {
  try {
    fs.mkdirSync(dir, { mode: 0o700 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  checkPrivateDir(dir);
}

/**
 * Whether a socket is there to talk to, checked before the first byte: false when its directory
 * or the socket is absent; throws when either is not this user's own.
 */
export function checkAdminSocket(socketPath: string): boolean {
  if (!checkPrivateDir(path.dirname(socketPath))) return false;
  let st: fs.Stats;
  try {
    st = fs.lstatSync(socketPath);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
  if (!st.isSocket()) throw new AdminSocketError(`${socketPath} is not a socket: remove it, then try again`);
  if (st.uid !== uid()) {
    throw new AdminSocketError(
      `the admin socket ${socketPath} belongs to uid ${st.uid}, not to this user (uid ${uid()}): refusing it`,
    );
  }
  return true;
}

export interface AdminSocket {
  path: string;
  close(): Promise<void>;
}

export interface AdminSocketOptions {
  maxHoldMs?: number;
}

export async function startAdminSocket(
  socketPath: string,
  db: Database,
  opts: AdminSocketOptions = {},
): Promise<AdminSocket> {
  const maxHoldMs = opts.maxHoldMs ?? DEFAULT_MAX_HOLD_MS;
  ensurePrivateDir(path.dirname(socketPath));
  // A socket file left by a process that died: nothing listens on it any more.
  fs.rmSync(socketPath, { force: true });
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/hold') {
      req.resume();
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'POST /hold is the only call' } }));
      return;
    }
    hold(db, req, res, maxHoldMs);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function hold(db: Database, req: http.IncomingMessage, res: http.ServerResponse, maxHoldMs: number): void {
  let release!: (how: 'released' | 'expired') => void;
  const released = new Promise<'released' | 'expired'>((resolve) => {
    release = resolve;
  });
  // The caller ends its request body once its copy is done, or hangs up (the copy failed).
  req.on('end', () => release('released'));
  req.on('close', () => release('released'));
  req.resume();
  res.writeHead(200, { 'content-type': 'text/plain' });
  db.transaction(async (tx) => {
    // The data files then hold every commit, and the copy needs little WAL replayed when opened.
    await tx.query('CHECKPOINT');
    res.write('held\n');
    const timer = setTimeout(() => release('expired'), maxHoldMs);
    try {
      return await released;
    } finally {
      clearTimeout(timer);
    }
  }).then(
    (how) => res.end(`${how}\n`),
    (err: Error) => res.destroy(err),
  );
}
