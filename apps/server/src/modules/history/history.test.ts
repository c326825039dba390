/**
 * The wall's history through the real app, on PGlite and PostgreSQL: every acknowledged paint in
 * the paint log, a pixel's history, the wall at a past moment, keyframes, the baseline, rollback
 * (dry run, applied, undone, refused to players) and a backup that carries the log.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { BASIC_COLORS, PALETTE, paletteIndexOf, pixelIdOf } from '@pixel-wall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup, verifyBackup, writeBackup } from '../../db/backup.ts';
import { loadMigrations, migrate } from '../../db/migrate.ts';
import {
  api,
  createTestStore,
  dbKinds,
  type RunningApp,
  startApp,
  type TestStore,
  telegramSignIn,
  testConfig,
} from '../../testing/harness.ts';
import { createHistoryService } from './service.ts';

const kinds = await dbKinds();
/** The basic colours (every player paints with them) and their palette indices. */
const C = BASIC_COLORS.map((hex) => PALETTE[paletteIndexOf(hex)]!);
const I = BASIC_COLORS.map((hex) => paletteIndexOf(hex));
const ADMIN = 910_001;

type ErrorBody = { error: { code: string; message: string }; requestId: string };
interface HistoryPage {
  items: { color: string; userId: number; name: string; kind: string; at: string; rolledBack: boolean }[];
  next: number | null;
}

async function paint(base: string, token: string, pixelId: number, color: string) {
  const r = await api<ErrorBody>(base, 'POST', '/api/v1/repaint/start', {
    token,
    body: { pixelId, newColor: color },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

async function rawCanvas(base: string, at: number): Promise<Uint8Array> {
  const res = await fetch(`${base}/api/v1/history/canvas?format=raw&at=${new Date(at).toISOString()}`);
  expect(res.status).toBe(200);
  return new Uint8Array(inflateRawSync(Buffer.from(await res.arrayBuffer())));
}

/** Waits for the next millisecond, so two moments are distinct. */
async function tick(): Promise<number> {
  const t = Date.now();
  while (Date.now() <= t + 1) await new Promise((r) => setTimeout(r, 2));
  return Date.now();
}

describe.each(kinds)('the wall remembers on %s', { timeout: 120_000 }, (kind) => {
  let store: TestStore;
  let run: RunningApp;
  let base: string;
  let admin: string;
  let ann: string;
  let bob: string;

  beforeAll(async () => {
    store = await createTestStore(kind);
    run = await startApp(store, testConfig({ ADMIN_IDS: String(ADMIN), START_CHARGES: '1000' }));
    base = run.baseUrl;
    admin = (await telegramSignIn(base, { id: ADMIN, first_name: 'Ada' })).token;
    ann = (await telegramSignIn(base, { id: 910_002, first_name: 'Ann' })).token;
    bob = (await telegramSignIn(base, { id: 910_003, first_name: 'Bob' })).token;
  }, 300_000);
  afterAll(async () => {
    await run?.stop();
    await store?.dispose();
  });

  it("keeps every paint of a pixel: its history newest first, paged, with the painters' names", async () => {
    const id = pixelIdOf(5, 5);
    await paint(base, ann, id, C[3]!);
    await paint(base, bob, id, C[4]!);
    await paint(base, ann, id, C[5]!);
    const all = await api<HistoryPage>(base, 'GET', `/api/v1/history/pixels/${id}`);
    expect(all.status).toBe(200);
    expect(all.body.items.map((i) => [i.color, i.name, i.kind])).toEqual([
      [C[5], 'Ann', 'paint'],
      [C[4], 'Bob', 'paint'],
      [C[3], 'Ann', 'paint'],
    ]);
    expect(all.body.next).toBeNull();
    const first = await api<HistoryPage>(base, 'GET', `/api/v1/history/pixels/${id}?limit=2`);
    expect(first.body.items.map((i) => i.color)).toEqual([C[5], C[4]]);
    expect(first.body.next).not.toBeNull();
    const second = await api<HistoryPage>(
      base,
      'GET',
      `/api/v1/history/pixels/${id}?limit=2&before=${first.body.next}`,
    );
    expect(second.body.items.map((i) => i.color)).toEqual([C[3]]);
    expect(second.body.next).toBeNull();
    const bad = await api<ErrorBody>(base, 'GET', '/api/v1/history/pixels/0');
    expect(bad.status).toBe(400);
    expect(bad.body.requestId).toBeTruthy();
  });

  it('shows the wall as it was at any moment, and refuses a bad or future time with a 400', async () => {
    const id = pixelIdOf(9, 1);
    await paint(base, ann, id, C[6]!);
    const t1 = await tick();
    await paint(base, bob, id, C[7]!);
    const t2 = await tick();
    expect((await rawCanvas(base, t1))[id - 1]).toBe(I[6]);
    expect((await rawCanvas(base, t2))[id - 1]).toBe(I[7]);
    expect((await rawCanvas(base, Date.parse('2000-01-01T00:00:00Z')))[id - 1]).toBe(0);
    const webp = await fetch(`${base}/api/v1/history/canvas?at=${new Date(t2).toISOString()}`);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    for (const at of ['yesterday', new Date(Date.now() + 3_600_000).toISOString()]) {
      const r = await api<ErrorBody>(base, 'GET', `/api/v1/history/canvas?at=${encodeURIComponent(at)}`);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('BAD_REQUEST');
    }
  });

  it('rolls an area back: a dry run changes nothing, the rollback restores owners, logs, and can be undone', async () => {
    // Ann's drawing, then Bob scribbles over part of it and next to it.
    const drawing = [pixelIdOf(100, 100), pixelIdOf(101, 100), pixelIdOf(102, 100)];
    for (const id of drawing) await paint(base, ann, id, C[8]!);
    const since = await tick();
    await paint(base, bob, drawing[0]!, C[2]!);
    await paint(base, bob, drawing[1]!, C[2]!);
    await paint(base, bob, pixelIdOf(103, 100), C[2]!); // never painted before
    await paint(base, bob, pixelIdOf(300, 300), C[2]!); // outside the area
    const area = { x: 100, y: 100, w: 4, h: 1, since: new Date(since).toISOString() };
    const bobRepaints = async () =>
      (await api<{ repaints: number }>(base, 'GET', '/api/v1/users/me', { token: bob })).body.repaints;
    const before = await bobRepaints();

    const player = await api<ErrorBody>(base, 'POST', '/api/v1/admin/rollback', { token: ann, body: area });
    expect(player.status).toBe(403);
    const badArea = await api<ErrorBody>(base, 'POST', '/api/v1/admin/rollback', {
      token: admin,
      body: { ...area, x: 1023, w: 4 },
    });
    expect(badArea.status).toBe(400);

    const dry = await api<{ pixels: number; before: string; after: string }>(
      base,
      'POST',
      '/api/v1/admin/rollback',
      {
        token: admin,
        body: { ...area, dryRun: true },
      },
    );
    expect(dry.status).toBe(200);
    expect(dry.body.pixels).toBe(3);
    const preview = await fetch(`${base}${dry.body.after}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/webp');
    expect((await rawCanvas(base, Date.now()))[drawing[0]! - 1]).toBe(I[2]);

    const done = await api<{ pixels: number }>(base, 'POST', '/api/v1/admin/rollback', {
      token: admin,
      body: area,
    });
    expect(done.status).toBe(200);
    expect(done.body.pixels).toBe(3);
    const info = async (id: number) => {
      const r = await api<{ pixel: { color: string }; owner: { id: number } | null }>(
        base,
        'GET',
        `/api/v1/image/get/${id}`,
      );
      return { color: r.body.pixel.color, user: r.body.owner };
    };
    expect((await info(drawing[0]!)).color).toBe(C[8]);
    expect((await info(drawing[0]!)).user?.id).toBe(910_002);
    expect((await info(drawing[1]!)).color).toBe(C[8]);
    expect((await info(pixelIdOf(300, 300))).color).toBe(C[2]);
    const now = await rawCanvas(base, await tick());
    expect([now[drawing[0]! - 1], now[drawing[1]! - 1], now[pixelIdOf(103, 100) - 1]]).toEqual([
      I[8],
      I[8],
      0,
    ]);
    // A rollback is no paint: nobody's repaints change.
    expect(await bobRepaints()).toBe(before);
    const hist = await api<HistoryPage>(base, 'GET', `/api/v1/history/pixels/${drawing[0]}`);
    expect(hist.body.items.map((i) => [i.kind, i.name, i.rolledBack])).toEqual([
      ['rollback', 'Ann', false],
      ['paint', 'Bob', true],
      ['paint', 'Ann', false],
    ]);
    const log = await api<{ list: { action: string; reason: string }[] }>(base, 'GET', '/api/v1/admin/log', {
      token: admin,
    });
    expect(log.body.list[0]?.action).toBe('rollback');
    expect(log.body.list[0]?.reason).toContain('3 pixels');

    // Rolling back the rollback puts Bob's scribble back.
    const undoSince = Date.parse(hist.body.items[0]!.at);
    const undo = await api<{ pixels: number }>(base, 'POST', '/api/v1/admin/rollback', {
      token: admin,
      body: { ...area, since: new Date(Math.floor(undoSince)).toISOString() },
    });
    expect(undo.body.pixels).toBe(3);
    expect((await info(drawing[0]!)).color).toBe(C[2]);
    expect((await info(drawing[0]!)).user?.id).toBe(910_003);

    // Only one player's paints: Ann paints one of Bob's pixels; undoing Bob since `since` leaves it.
    await paint(base, ann, drawing[1]!, C[9]!);
    const onlyBob = await api<{ pixels: number }>(base, 'POST', '/api/v1/admin/rollback', {
      token: admin,
      body: { ...area, userId: 910_003, until: new Date(undoSince - 1).toISOString() },
    });
    expect(onlyBob.status).toBe(200);
  });

  it('builds keyframes that give the same wall as the whole log', async () => {
    const users = { profile: async () => null };
    const later = () => Date.now() + 60_000;
    const h = createHistoryService({
      db: run.db,
      users,
      keyframePaints: 1000,
      keyframeMs: 0,
      retentionMs: 0,
      now: later,
    });
    const at = Date.now();
    const fromLog = await h.canvasAt(at);
    expect(await h.keyframeIfDue(true)).toBe(true);
    const viaKeyframe = createHistoryService({
      db: run.db,
      users,
      keyframePaints: 1000,
      keyframeMs: 0,
      retentionMs: 0,
    });
    expect(Buffer.from(await viaKeyframe.canvasAt(at)).equals(Buffer.from(fromLog))).toBe(true);
    const id = pixelIdOf(7, 7);
    await paint(base, ann, id, C[1]!);
    expect((await viaKeyframe.canvasAt(await tick()))[id - 1]).toBe(I[1]);
  });
});

describe.each(kinds)('the paint log begins with the wall as it was, on %s', (kind) => {
  let store: TestStore;
  afterAll(async () => store?.dispose());

  it('packs the pixels painted before the log into its first rows, and a backup carries the log back', {
    timeout: 120_000,
  }, async () => {
    store = await createTestStore(kind);
    const db = await store.open();
    const all = loadMigrations();
    const before = all.filter((m) => m.name < '0019');
    await migrate(db, before);
    await db.query(
      `INSERT INTO pixels (id, color, user_id, painted_at) VALUES ($1, 5, 42, to_timestamp(1700000000)),
       ($2, 6, 43, to_timestamp(1700000100))`,
      [pixelIdOf(1, 1), pixelIdOf(2, 1)],
    );
    await migrate(db, all);
    const h = createHistoryService({
      db,
      users: { profile: async () => null },
      keyframePaints: 1000,
      keyframeMs: 0,
      retentionMs: 0,
    });
    expect(await h.takeBaseline()).toBe(2);
    expect(await h.takeBaseline()).toBe(0);
    const page = await h.pixelHistory(pixelIdOf(2, 1), 10);
    expect(page.items.map((i) => [i.kind, i.userId, i.at])).toEqual([
      ['baseline', 43, new Date(1_700_000_100_000).toISOString()],
    ]);
    expect((await h.canvasAt(1_700_000_050_000))[pixelIdOf(1, 1) - 1]).toBe(5);
    expect((await h.canvasAt(1_700_000_050_000))[pixelIdOf(2, 1) - 1]).toBe(0);

    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pw-history-')), 'b.gz');
    await writeBackup(db, fs.createWriteStream(file));
    const summary = await verifyBackup(fs.createReadStream(file));
    expect(summary.header.tables).toEqual(expect.arrayContaining(['paint_log', 'canvas_keyframes']));
    expect(summary.rows.paint_log).toBe(1);
    expect(summary.header.sequences).toHaveProperty('paint_log_id_seq');
    // The log lost, then restored from the backup: the pixel's history is back.
    await db.query('DELETE FROM paint_log');
    expect((await h.pixelHistory(pixelIdOf(2, 1), 10)).items).toEqual([]);
    await restoreBackup(db, fs.createReadStream(file));
    const restored = createHistoryService({
      db,
      users: { profile: async () => null },
      keyframePaints: 1000,
      keyframeMs: 0,
      retentionMs: 0,
    });
    expect((await restored.pixelHistory(pixelIdOf(2, 1), 10)).items.map((i) => [i.kind, i.userId])).toEqual([
      ['baseline', 43],
    ]);
    await db.close();
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });
});
