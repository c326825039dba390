/**
 * Backups through the real app on both databases: players paint and buy, a backup is taken while
 * the game serves (PGlite: from a copy of the running server's files), the backup is restored over
 * the database it came from and into a new one, and every pixel, player, order, payment and balance
 * is back. A restore is all or nothing: a damaged file leaves the database exactly as it was.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync, inflateRawSync } from 'node:zlib';
import { BASIC_COLORS, paletteIndexOf, pixelIdOf } from '@pixel-wall/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { type FakeBotApi, startFakeBotApi } from '../../../../tools/src/fakes/telegram-bot-api.ts';
import { webhookSecret } from '../integrations/telegram/bot-api.ts';
import {
  api,
  createTestStore,
  dbKinds,
  type RunningApp,
  startApp,
  TEST_BOT_TOKEN,
  type TestStore,
  telegramSignIn,
  testConfig,
} from '../testing/harness.ts';
import { type AdminSocket, adminSocketPath, startAdminSocket } from './admin-socket.ts';
import { BackupError, restoreBackup, verifyBackup } from './backup.ts';
import { backup, dumpRunningServer, restore } from './backup-cli.ts';
import type { Database } from './client.ts';

const kinds = await dbKinds();
const TABLES = [
  'users',
  'pixels',
  'orders',
  'payments',
  'balances',
  'inventory',
  'app_secrets',
  'schema_migrations',
];

/** every row of the tables that matter, as Postgres prints them */
async function contents(db: Database): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const t of TABLES) {
    const [row] = await db.query<{ j: string }>(
      `SELECT coalesce(json_agg(x ORDER BY x::text), '[]')::text AS j FROM ${t} x`,
    );
    out[t] = JSON.parse(row!.j) as unknown[];
  }
  return out;
}

/** The schema's objects beside the tables: the standalone sequence a restore once left behind. */
async function schemaObjects(db: Database): Promise<string[]> {
  return (
    await db.query<{ name: string }>(
      `SELECT c.relkind::text || ':' || c.relname AS name FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' ORDER BY 1`,
    )
  ).map((r) => r.name);
}

/** A backup's lines, edited, written back gzipped; `reseal` recomputes the end line's checksum. */
function rewrite(from: string, to: string, edit: (lines: string[]) => string[], reseal = false): string {
  let lines = edit(gunzipSync(fs.readFileSync(from)).toString('utf8').split('\n').filter(Boolean));
  if (reseal) {
    const body = lines.slice(0, -1);
    const end = JSON.parse(lines.at(-1)!) as { sha256: string };
    end.sha256 = createHash('sha256')
      .update(body.map((l) => `${l}\n`).join(''))
      .digest('hex');
    lines = [...body, JSON.stringify(end)];
  }
  fs.writeFileSync(to, gzipSync(lines.map((l) => `${l}\n`).join('')));
  return to;
}

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-backup-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe.each(kinds)('backup and restore on %s', (kind) => {
  let fake: FakeBotApi;
  let store: TestStore | null = null;
  let run: RunningApp | null = null;
  let admin: AdminSocket | null = null;
  afterAll(async () => {
    await admin?.close();
    await run?.stop();
    await store?.dispose();
    await fake?.close();
  });

  const envOf = (s: TestStore) => (s.dataDir ? { DATA_DIR: s.dataDir } : { DATABASE_URL: s.url! });

  async function open(s: TestStore): Promise<RunningApp> {
    const r = await startApp(
      s,
      testConfig({ TELEGRAM_API_URL: fake.url, PAINT_REWARD_ONE_IN: '1', MINING_PX_PER_SECOND: '1000' }),
    );
    fake.webhook.url = `${r.baseUrl}/api/v1/telegram/webhook`;
    if (s.dataDir) admin = await startAdminSocket(adminSocketPath(s.dataDir), r.db);
    return r;
  }

  async function goods(base: string, id: number): Promise<unknown> {
    const p = await telegramSignIn(base, { id, first_name: `Keeper${id}` });
    return (await api(base, 'GET', '/api/v1/buy/list', { token: p.token })).body;
  }

  it('brings back every pixel, player, order and balance, over its own database and into a new one', async () => {
    fake = await startFakeBotApi({ secretToken: webhookSecret(TEST_BOT_TOKEN) });
    store = await createTestStore(kind);
    run = await open(store);
    const base = run.baseUrl;

    for (const [i, id] of [71_001, 71_002].entries()) {
      const p = await telegramSignIn(base, { id, first_name: `Keeper${id}` });
      for (let k = 0; k < 3; k++) {
        const r = await api(base, 'POST', '/api/v1/repaint/start', {
          token: p.token,
          body: { pixelId: pixelIdOf(100 + k, 200 + i), newColor: BASIC_COLORS[1 + k + i] },
        });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      }
    }
    const buyer = await telegramSignIn(base, { id: 71_001, first_name: 'Keeper71001' });
    const buy = await api<{ result: string }>(base, 'POST', '/api/v1/buy/stars', {
      token: buyer.token,
      body: { type: 2, qty: 3 },
    });
    expect(buy.status).toBe(200);
    expect((await fake.pay(buy.body.result)).ok).toBe(true);
    // PX mined and claimed into the buyer's balance
    await api(base, 'GET', '/api/v1/mining/claim', { token: buyer.token });
    await new Promise((r) => setTimeout(r, 1100));
    const claim = await api<{ balanceMilli: number }>(base, 'GET', '/api/v1/mining/claim', {
      token: buyer.token,
    });
    expect(claim.body.balanceMilli).toBeGreaterThan(0);

    const goodsBefore = await goods(base, 71_001);
    const before = await contents(run.db);
    expect(before.pixels).toHaveLength(6);
    expect(before.users).toHaveLength(2);
    expect(before.orders!.length).toBeGreaterThanOrEqual(1);
    expect(before.payments).toHaveLength(1);
    expect(before.balances!.some((b) => (b as { px_milli: number }).px_milli > 0)).toBe(true);

    // The game keeps serving while the backup runs. An old file of that name (and a .partial)
    // readable by all is replaced by one only its owner may read: it holds app_secrets.
    const file = path.join(tmp, `${kind}.backup.gz`);
    fs.writeFileSync(file, 'old', { mode: 0o644 });
    fs.writeFileSync(`${file}.partial`, 'old', { mode: 0o644 });
    const progress: string[] = [];
    const [summary, ready] = await Promise.all([
      backup(envOf(store), file, { progress: { write: (s: string) => progress.push(s) } }),
      fetch(`${base}/readyz`),
    ]);
    expect(ready.status).toBe(200);
    expect(summary.header.database).toBe(kind);
    expect(summary.rows.pixels).toBe(6);
    expect(fs.existsSync(`${file}.partial`)).toBe(false);
    expect(modeOf(file)).toBe(0o600);
    expect(progress.join('')).toMatch(
      new RegExp(
        `backup: ${summary.header.tables.length}/${summary.header.tables.length} tables, [\\d,]+/[\\d,]+ rows, .* written, took`,
      ),
    );

    if (store.dataDir) {
      await expect(restore(envOf(store), file)).rejects.toThrow(/server is running/);
      // after a player who came later: the restore below takes the wall back to the backup
      await telegramSignIn(base, { id: 71_003, first_name: 'Latecomer' });
    }

    // Over the very database it came from (it once dropped the tables, then failed on the
    // standalone sequence payout_batch_seq and left no tables at all).
    await admin?.close();
    admin = null;
    await run.stop();
    run = null;
    const objects = await (async () => {
      const db = await store.open();
      try {
        return await schemaObjects(db);
      } finally {
        await db.close();
      }
    })();
    expect(objects).toContain('S:payout_batch_seq');
    const cut = path.join(tmp, `${kind}.cut.gz`);
    const whole = fs.readFileSync(file);
    fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const overOwn = await restore(envOf(store), file);
    expect(overOwn.totalRows).toBe(summary.totalRows);
    const db = await store.open();
    try {
      expect(await contents(db)).toEqual(before);
      expect(await schemaObjects(db)).toEqual(objects);

      // All or nothing: files damaged after a valid header and the first chunks, each refused with
      // every table, row and sequence left as they were.
      const lines = gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n').filter(Boolean);
      const usersLine = lines.findIndex((l) => l.startsWith('R\tusers\t'));
      const pixelsLine = lines.findIndex((l) => l.startsWith('R\tpixels\t'));
      const damaged: [string, string, RegExp][] = [
        ['cut off', cut, /cut off or damaged|no end line/],
        [
          'no end line',
          rewrite(file, path.join(tmp, `${kind}.noend.gz`), (l) => l.slice(0, -1)),
          /no end line/,
        ],
        [
          'garbage after the first chunks',
          rewrite(file, path.join(tmp, `${kind}.garbage.gz`), (l) => [
            ...l.slice(0, 3),
            'garbage',
            ...l.slice(3),
          ]),
          /neither rows nor the end line/,
        ],
        [
          'a row altered',
          rewrite(file, path.join(tmp, `${kind}.altered.gz`), (l) =>
            l.map((x, i) => (i === usersLine ? x.replace('Keeper71001', 'Keeper71009') : x)),
          ),
          /checksum does not match/,
        ],
        [
          'a row the database refuses, checksum and counts intact',
          rewrite(
            file,
            path.join(tmp, `${kind}.refused.gz`),
            (l) => l.map((x, i) => (i === pixelsLine ? x.replace(/"id":\d+/, '"id":0') : x)),
            true,
          ),
          /rows of pixels could not be loaded/,
        ],
      ];
      for (const [what, bad, message] of damaged) {
        const err = await restoreBackup(db, fs.createReadStream(bad)).then(
          () => null,
          (e: unknown) => e,
        );
        expect(err, what).toBeInstanceOf(BackupError);
        expect((err as Error).message, what).toMatch(message);
        expect(await contents(db), what).toEqual(before);
        expect(await schemaObjects(db), what).toEqual(objects);
      }
    } finally {
      await db.close();
    }
    // the command checks the whole file before it opens the database
    await expect(restore(envOf(store), cut)).rejects.toThrow(/cut off or damaged|no end line/);

    // Wipe: the database goes, a new empty one takes its place.
    await store.dispose();
    store = await createTestStore(kind);

    const restored = await restore(envOf(store), file);
    expect(restored.totalRows).toBe(summary.totalRows);
    run = await open(store);
    expect(await contents(run.db)).toEqual(before);
    // players sign in again as themselves and find their goods
    expect(await goods(run.baseUrl, 71_001)).toEqual(goodsBefore);
    // the restored canvas is what the game serves
    const raw = await fetch(`${run.baseUrl}/api/v1/image/canvas?format=raw`);
    const indices = inflateRawSync(Buffer.from(await raw.arrayBuffer()));
    for (const i of [0, 1]) {
      for (let k = 0; k < 3; k++)
        expect(indices[100 + k + (200 + i) * 1024]).toBe(paletteIndexOf(BASIC_COLORS[1 + k + i]!));
    }
  }, 240_000);

  it('refuses a cut-off backup file', async () => {
    const file = path.join(tmp, `${kind}.backup.gz`);
    const cut = path.join(tmp, `${kind}.cut.gz`);
    const whole = fs.readFileSync(file);
    fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    await expect(verifyBackup(fs.createReadStream(cut))).rejects.toThrow();
    await expect(verifyBackup(fs.createReadStream(file))).resolves.toMatchObject({
      totalRows: expect.any(Number),
    });
  });
});

describe('a backup of the running embedded server', () => {
  it('does not hold back paints or /readyz while it is dumped', async () => {
    const store = await createTestStore('pglite');
    const run = await startApp(store, testConfig());
    const socket = await startAdminSocket(adminSocketPath(store.dataDir!), run.db);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      // enough rows that the dump cannot finish into buffers while its output is stalled
      await run.db.query(
        `INSERT INTO pixels (id, color, user_id, painted_at) SELECT g, (g::bigint * 7919) % 32, 1000 + (g::bigint * 104729) % 50000, now() - g * interval '1 second'
           FROM generate_series(500000, 560000) g`,
      );
      let dumped = false;
      let outputStarted!: () => void;
      const started = new Promise<void>((resolve) => {
        outputStarted = resolve;
      });
      // a backup file on a disk that stalls: the dump waits on it mid-way
      const stalled = new Writable({
        highWaterMark: 1024,
        write(_chunk, _encoding, done) {
          outputStarted();
          gate.then(() => done());
        },
      });
      const dumping = dumpRunningServer(socket.path, store.dataDir!, stalled).then((s) => {
        dumped = true;
        return s;
      });
      await started;
      // a paint's commit and /readyz answer while the dump is stuck half-way
      await run.db.query(`INSERT INTO pixels (id, color, user_id, painted_at) VALUES (1, 3, 42, now())`);
      expect((await fetch(`${run.baseUrl}/readyz`)).status).toBe(200);
      expect(dumped).toBe(false);
      release();
      const summary = await dumping;
      // the copy is the wall as it was when the dump began, not after
      expect(summary.rows.pixels).toBe(60_001);
      expect(fs.readdirSync(store.dataDir!).filter((n) => n.startsWith('.backup-copy-'))).toEqual([]);
    } finally {
      release();
      await socket.close();
      await run.stop();
      await store.dispose();
    }
  }, 120_000);

  it('refuses an admin socket whose directory is not private, and does not open the files instead', async () => {
    const dataDir = fs.mkdtempSync(path.join(tmp, 'squat-'));
    fs.mkdirSync(path.join(dataDir, 'run'), { mode: 0o755 });
    fs.chmodSync(path.join(dataDir, 'run'), 0o755);
    await expect(backup({ DATA_DIR: dataDir }, path.join(tmp, 'squat.gz'))).rejects.toThrow(/not 0700/);
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    expect(fs.existsSync(path.join(tmp, 'squat.gz.partial'))).toBe(false);
  });
});

describe('backup files', () => {
  const header = {
    format: 'pixel-wall-backup/1',
    createdAt: '2026-11-27T03:17:00.000Z',
    database: 'pglite',
    migrations: [],
    tables: ['pixels'],
    sequences: {},
  };
  const gz = (lines: unknown[]) =>
    gzipSync(lines.map((l) => `${typeof l === 'string' ? l : JSON.stringify(l)}\n`).join(''));
  const rows = 'R\tpixels\t[{"id":1,"color":2,"user_id":3,"painted_at":"2026-11-27T03:17:00+00:00"}]';

  it('of the format without a checksum are still read, with their row counts checked', async () => {
    const old = path.join(tmp, 'old-format.gz');
    fs.writeFileSync(old, gz([header, rows, { end: true, rows: { pixels: 1 }, totalRows: 1 }]));
    await expect(verifyBackup(fs.createReadStream(old))).resolves.toMatchObject({ totalRows: 1 });
    fs.writeFileSync(old, gz([header, rows, { end: true, rows: { pixels: 2 }, totalRows: 1 }]));
    await expect(verifyBackup(fs.createReadStream(old))).rejects.toThrow(/says 2 rows of pixels/);
  });

  it('that are cut off or not backups get one line from the command, no stack trace', async () => {
    const cutFile = path.join(tmp, 'cli-cut.gz');
    const whole = gz([{ ...header, format: 'pixel-wall-backup/2' }, rows, rows, rows]);
    fs.writeFileSync(cutFile, whole.subarray(0, whole.length - 12));
    const notBackup = path.join(tmp, 'cli-not-a-backup.txt');
    fs.writeFileSync(notBackup, 'hello\n');
    const cli = fileURLToPath(new URL('./backup-cli.ts', import.meta.url));
    const dataDir = fs.mkdtempSync(path.join(tmp, 'cli-'));
    const runCli = (args: string[]) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', cli, ...args],
          { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmp, DATA_DIR: dataDir } },
          (err, _stdout, stderr) => resolve({ code: err ? (err.code as number) : 0, stderr }),
        );
      });
    const [restoreCut, verifyJunk] = await Promise.all([
      runCli(['restore', cutFile]),
      runCli(['backup', '--verify', notBackup]),
    ]);
    for (const r of [restoreCut, verifyJunk]) {
      expect(r.code).toBe(1);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    expect(restoreCut.stderr).toMatch(/cut off or damaged|no end line/);
    expect(verifyJunk.stderr).toMatch(/not a Pixel Wall backup/);
    // nothing was created where the database would be
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  }, 60_000);
});
