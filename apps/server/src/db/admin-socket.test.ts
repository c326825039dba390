import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adminSocketPath, startAdminSocket } from './admin-socket.ts';
import { openDatabase } from './client.ts';

describe('admin socket', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-admin-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('lives in DATA_DIR, or under the temporary directory when that path is too long for a socket', () => {
    expect(adminSocketPath('/srv/wall/data')).toBe('/srv/wall/data/admin.sock');
    const long = `/srv/${'deep/'.repeat(30)}data`;
    const p = adminSocketPath(long);
    expect(path.dirname(p)).toBe(os.tmpdir());
    expect(Buffer.byteLength(p)).toBeLessThanOrEqual(107);
    expect(adminSocketPath(long)).toBe(p);
    expect(adminSocketPath(`${long}2`)).not.toBe(p);
  });

  it('is readable by its owner only, answers POST /backup with a gzip and anything else with 404', async () => {
    const db = await openDatabase({ url: null, dataDir: null, inThread: true });
    const socket = await startAdminSocket(adminSocketPath(dir), db);
    try {
      expect(fs.statSync(socket.path).mode & 0o777).toBe(0o600);
      const call = (method: string, url: string) =>
        new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
          const req = http.request({ socketPath: socket.path, method, path: url }, (res) => {
            const parts: Buffer[] = [];
            res.on('data', (b: Buffer) => parts.push(b));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts) }));
          });
          req.on('error', reject);
          req.end();
        });
      expect((await call('GET', '/backup')).status).toBe(404);
      const backup = await call('POST', '/backup');
      expect(backup.status).toBe(200);
      expect([...backup.body.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    } finally {
      await socket.close();
      await db.close();
    }
  });
});
