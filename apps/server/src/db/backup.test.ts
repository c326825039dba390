/**
 * Backups through the real app on both databases: players paint and buy, a backup is taken while
 * the game serves (PGlite: by the running server over its admin socket), the data is wiped, the
 * backup restored, and every pixel, player, order, payment and balance is back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
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
import { verifyBackup } from './backup.ts';
import { backup, restore } from './backup-cli.ts';
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

  it('brings back every pixel, player, order and balance after the data is wiped', async () => {
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

    // The game keeps serving while the backup runs.
    const file = path.join(tmp, `${kind}.backup.gz`);
    const [summary, ready] = await Promise.all([backup(envOf(store), file), fetch(`${base}/readyz`)]);
    expect(ready.status).toBe(200);
    expect(summary.header.database).toBe(kind);
    expect(summary.rows.pixels).toBe(6);
    expect(fs.existsSync(`${file}.partial`)).toBe(false);

    if (store.dataDir) {
      await expect(restore(envOf(store), file)).rejects.toThrow(/server is running/);
    }

    // Wipe: the database goes, a new empty one takes its place.
    await admin?.close();
    admin = null;
    await run.stop();
    run = null;
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
  }, 120_000);

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
