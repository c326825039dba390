/**
 * The embedded server's local admin channel: HTTP on a Unix socket in DATA_DIR (mode 0600), so only
 * whoever may read the data may use it, and nothing on the network reaches it. `POST /backup`
 * streams a backup (backup.ts) taken by the running server, which owns the PGlite files.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Database } from './client.ts';
import { writeBackup } from './backup.ts';

export const ADMIN_SOCKET_NAME = 'admin.sock';

export function adminSocketPath(dataDir: string): string {
  return path.join(dataDir, ADMIN_SOCKET_NAME);
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
