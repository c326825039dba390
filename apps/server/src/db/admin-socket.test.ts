import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSocketPath,
  checkAdminSocket,
  checkPrivateDir,
  ensurePrivateDir,
  startAdminSocket,
} from './admin-socket.ts';
import { type Database, openDatabase } from './client.ts';

const uid = process.getuid?.() ?? 0;

interface Reply {
  status: number;
  body: string;
}

function call(socketPath: string, method: string, url: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath, method, path: url }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (s: string) => {
        body += s;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** `POST /hold` with the body left open: `held` resolves on the server's first line. */
function hold(socketPath: string) {
  let body = '';
  let onHeld!: () => void;
  const held = new Promise<void>((resolve) => {
    onHeld = resolve;
  });
  const req = http.request({ socketPath, method: 'POST', path: '/hold' });
  const done = new Promise<Reply>((resolve, reject) => {
    req.on('response', (res) => {
      res.setEncoding('utf8');
      res.on('data', (s: string) => {
        body += s;
        if (body.startsWith('held\n')) onHeld();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  req.flushHeaders();
  return { held, done, release: () => req.end() };
}

/** A few turns of the event loop: long enough for an unblocked query on an in-thread PGlite. */
async function turns(n = 20): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
}

describe('admin socket', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-admin-'));
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ url: null, dataDir: null, inThread: true });
  });
  afterAll(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lives in a directory of its own in DATA_DIR, or in a per-user one under the temporary directory', () => {
    expect(adminSocketPath('/srv/wall/data')).toBe('/srv/wall/data/run/admin.sock');
    const long = `/srv/${'deep/'.repeat(30)}data`;
    const p = adminSocketPath(long);
    // never straight in the shared temporary directory, where any user may make the name first
    expect(path.dirname(p)).toBe(path.join(os.tmpdir(), `pixel-wall-${uid}`));
    expect(Buffer.byteLength(p)).toBeLessThanOrEqual(107);
    expect(adminSocketPath(long)).toBe(p);
    expect(adminSocketPath(`${long}2`)).not.toBe(p);
  });

  it('makes its directory 0700 and refuses one that is not private: wrong mode, a symbolic link, a file', () => {
    const own = path.join(dir, 'own');
    ensurePrivateDir(own);
    expect(fs.statSync(own).mode & 0o777).toBe(0o700);
    expect(checkPrivateDir(own)).toBe(true);
    expect(checkPrivateDir(path.join(dir, 'absent'))).toBe(false);

    const open = path.join(dir, 'open');
    fs.mkdirSync(open, { mode: 0o755 });
    fs.chmodSync(open, 0o777);
    expect(() => ensurePrivateDir(open)).toThrow(/mode 0777, not 0700/);

    const link = path.join(dir, 'link');
    fs.symlinkSync(own, link);
    expect(() => ensurePrivateDir(link)).toThrow(/symbolic link/);

    const file = path.join(dir, 'file');
    fs.writeFileSync(file, '');
    expect(() => ensurePrivateDir(file)).toThrow(/not a directory/);
  });

  it.runIf(uid === 0)('refuses a directory or a socket another user owns', async () => {
    const theirs = path.join(dir, 'theirs');
    fs.mkdirSync(theirs, { mode: 0o700 });
    fs.chownSync(theirs, 65534, 65534);
    expect(() => checkPrivateDir(theirs)).toThrow(/belongs to uid 65534/);

    const mine = path.join(dir, 'mine');
    ensurePrivateDir(mine);
    const squatter = http.createServer((_req, res) => res.end());
    const sock = path.join(mine, 'admin.sock');
    await new Promise<void>((resolve) => squatter.listen(sock, resolve));
    try {
      expect(checkAdminSocket(sock)).toBe(true);
      fs.lchownSync(sock, 65534, 65534);
      expect(() => checkAdminSocket(sock)).toThrow(/belongs to uid 65534/);
    } finally {
      await new Promise((r) => squatter.close(r));
    }
  });

  it('refuses to start in a directory that is not private, and leaves it alone', async () => {
    const dataDir = path.join(dir, 'squatted');
    fs.mkdirSync(path.join(dataDir, 'run'), { recursive: true, mode: 0o755 });
    fs.chmodSync(path.join(dataDir, 'run'), 0o755);
    await expect(startAdminSocket(adminSocketPath(dataDir), db)).rejects.toThrow(/not 0700/);
    expect(fs.readdirSync(path.join(dataDir, 'run'))).toEqual([]);
  });

  it('is its owner’s only; POST /hold holds the database still until the caller lets go', async () => {
    const socket = await startAdminSocket(adminSocketPath(dir), db);
    try {
      expect(fs.statSync(socket.path).mode & 0o777).toBe(0o600);
      expect(fs.statSync(path.dirname(socket.path)).mode & 0o777).toBe(0o700);
      expect(checkAdminSocket(socket.path)).toBe(true);
      expect((await call(socket.path, 'POST', '/backup')).status).toBe(404);
      expect((await call(socket.path, 'GET', '/hold')).status).toBe(404);

      const h = hold(socket.path);
      await h.held;
      let written = false;
      const write = db.query('SELECT 1').then(() => {
        written = true;
      });
      await turns();
      expect(written).toBe(false);
      h.release();
      await write;
      expect(written).toBe(true);
      expect(await h.done).toEqual({ status: 200, body: 'held\nreleased\n' });
    } finally {
      await socket.close();
    }
  });

  it('lets go by itself after its longest hold, and says the copy is not to be trusted', async () => {
    fs.mkdirSync(path.join(dir, 'short'));
    const socket = await startAdminSocket(adminSocketPath(path.join(dir, 'short')), db, { maxHoldMs: 20 });
    try {
      const h = hold(socket.path);
      await h.held;
      // the caller never lets go: the game must not wait for it
      await db.query('SELECT 1');
      h.release();
      expect((await h.done).body).toBe('held\nexpired\n');
    } finally {
      await socket.close();
    }
  });
});
