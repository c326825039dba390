/**
 * The embedded server's local admin channel: HTTP on a Unix socket in DATA_DIR (mode 0600), so only
 * whoever may read the data may use it, and nothing on the network reaches it. `POST /backup`
 * streams a backup (backup.ts) taken by the running server, which owns the PGlite files.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { writeBackup } from './backup.ts';
import type { Database } from './client.ts';

export const ADMIN_SOCKET_NAME = 'admin.sock';

/** Linux refuses Unix socket paths over 107 bytes. */
const MAX_SOCKET_PATH = 100;

/**
 * `DATA_DIR/admin.sock`; when DATA_DIR's path is too long for a socket, a name in the temporary
 * directory derived from it (still mode 0600). The server and the CLI compute the same path.
 */
export function adminSocketPath(dataDir: string): string {
  const inDir = path.join(dataDir, ADMIN_SOCKET_NAME);
  if (Buffer.byteLength(inDir) <= MAX_SOCKET_PATH) return inDir;
  const key = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `pixel-wall-${key}.sock`);
}

export interface AdminSocket {
  path: string;
  close(): Promise<void>;
}

export async function startAdminSocket(socketPath: string, db: Database): Promise<AdminSocket> {
  // A socket file left by a process that died: nothing listens on it any more.
  fs.rmSync(socketPath, { force: true });
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'POST /backup is the only call' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/gzip' });
    writeBackup(db, res).catch((err: Error) => res.destroy(err));
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
