import { randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import {
  applySnap,
  CANVAS_PIXELS,
  decodeServerFrame,
  FrameType,
  paletteIndexOf,
  pixelIdOf,
  snapPixelIds,
  type WallEvent,
} from '@pixel-wall/shared';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  api,
  createTestStore,
  type DbKind,
  dbKinds,
  type RunningApp,
  startApp,
  type TestStore,
  telegramSignIn,
  testConfig,
} from '../../testing/harness.ts';
import { redisKinds, TEST_REDIS_URL, testPrefix } from '../../testing/redis.ts';
import { addItems, takeBack } from '../items/inventory.ts';
import { insertOrder, markFulfilled } from '../shop/store.ts';
import { type PendingSnap, type StoredPixel, withPendingSnaps } from './service.ts';

const kinds = await dbKinds();
const backends = await redisKinds();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function canvasOf(run: RunningApp): Promise<{ seq: number; indices: Uint8Array }> {
  const res = await fetch(`${run.baseUrl}/api/v1/image/canvas?format=raw&after=${run.built.hubSeq()}`);
  expect(res.status).toBe(200);
  return {
    seq: Number(res.headers.get('x-canvas-seq')),
    indices: new Uint8Array(inflateRawSync(Buffer.from(await res.arrayBuffer()))),
  };
}

/** A second subscriber: a websocket that collects wall events. */
async function listen(run: RunningApp): Promise<{ events: WallEvent[]; close(): void }> {
  const ws = new WebSocket(`${run.wsUrl}/ws`);
  ws.binaryType = 'nodebuffer';
  const events: WallEvent[] = [];
  ws.on('message', (data: Buffer) => {
    const f = decodeServerFrame(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    if (f?.type === FrameType.Event) events.push(f.event);
  });
  await new Promise((resolve, reject) => {
    ws.on('open', resolve);
    ws.on('error', reject);
  });
  return { events, close: () => ws.close() };
}

async function until(pred: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const use = (run: RunningApp, token: string, body: object) =>
  api<Record<string, unknown>>(run.baseUrl, 'POST', '/api/v1/items/use', { token, body });

describe('withPendingSnaps', () => {
  it('replays a snap over older stored pixels only, later snaps last', () => {
    const ids = snapPixelIds(5, 1);
    const [a, b] = [ids[0]!, ids[1]!];
    const rows: StoredPixel[] = [
      { id: a, color: 1, userId: 1, paintedAt: 100 },
      { id: b, color: 1, userId: 1, paintedAt: 900 },
    ];
    const snaps: PendingSnap[] = [
      { id: 1, userId: 7, seed: 5, percentage: 1, color: 3, paintedMs: 500, done: 0 },
      { id: 2, userId: 8, seed: 5, percentage: 1, color: 4, paintedMs: 600, done: 0 },
    ];
    const out = withPendingSnaps(rows, snaps);
    expect(out).toHaveLength(ids.length);
    expect(out.find((r) => r.id === a)).toEqual({ id: a, color: 4, userId: 8, paintedAt: 600 });
    expect(out.find((r) => r.id === b)).toEqual({ id: b, color: 1, userId: 1, paintedAt: 900 });
    expect(withPendingSnaps(rows, [])).toBe(rows);
  });
});

describe.each(kinds)("Pixanos' Snap on %s (memory engine)", (kind: DbKind) => {
  it('repaints exactly the named pixels, announces them, lists the snapper, survives a restart', async () => {
    const store: TestStore = await createTestStore(kind);
    cleanups.push(() => store.dispose());
    let run = await startApp(store);
    const a = await telegramSignIn(run.baseUrl, { id: 7_001, first_name: 'Thanos' });
    const b = await telegramSignIn(run.baseUrl, { id: 7_002, first_name: 'Painter' });
    const painted = pixelIdOf(10, 10);
    expect(
      (
        await api(run.baseUrl, 'POST', '/api/v1/repaint/start', {
          token: b.token,
          body: { pixelId: painted, newColor: '#3690EA' },
        })
      ).status,
    ).toBe(200);

    // No item: refused; with one but no colour bought or given: refused.
    expect((await use(run, a.token, { productId: 13, color: '#FF4500' })).body).toMatchObject({
      error: { code: 'NO_ITEMS' },
    });
    await addItems(run.db, 7_001, [{ productId: 13, qty: 1 }]);
    expect((await use(run, a.token, { productId: 13 })).body).toMatchObject({
      error: { code: 'INVALID_COLOR' },
    });
    expect((await use(run, a.token, { productId: 13, color: '#123456' })).status).toBe(400);

    const listener = await listen(run);
    const before = await canvasOf(run);
    const r = await use(run, a.token, { productId: 13, color: '#FF4500' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, productId: 13, left: 0 });
    await until(() => listener.events.some((e) => e.kind === 'snap'));
    const event = listener.events.find((e) => e.kind === 'snap')!;
    expect(event).toMatchObject({
      user: { id: 7_001, firstName: 'Thanos' },
      color: '#FF4500',
      percentage: 50,
    });
    expect(event.seq).toBeGreaterThan(before.seq);
    const ids = snapPixelIds(event.seed!, 50);
    expect(r.body.pixels).toBe(ids.length);

    const want = before.indices.slice();
    applySnap(want, event.seed!, 50, paletteIndexOf('#FF4500'));
    const after = await canvasOf(run);
    expect(after.seq).toBeGreaterThanOrEqual(event.seq!);
    expect(Buffer.compare(Buffer.from(after.indices), Buffer.from(want))).toBe(0);
    const info = await api<{ owner: { id: number } }>(run.baseUrl, 'GET', `/api/v1/image/get/${ids[0]}`);
    expect(info.body.owner.id).toBe(7_001);
    listener.close();

    // The one-off is spent: using it again is refused.
    expect((await use(run, a.token, { productId: 13, color: '#FF4500' })).body).toMatchObject({
      error: { code: 'NO_ITEMS' },
    });
    const history = await api<{ list: unknown[]; total: number }>(run.baseUrl, 'GET', '/api/v1/history/all');
    expect(history.body).toMatchObject({
      total: 1,
      list: [
        {
          user: { id: 7_001, firstName: 'Thanos' },
          info: { seed: event.seed, percentage: 50, color: '#FF4500' },
          pixels: ids.length,
        },
      ],
    });
    const rating = await api(run.baseUrl, 'GET', '/api/v1/ratings/pixanos?limit=10&offset=0');
    expect(rating.body).toMatchObject({
      total: 1,
      rating: [{ rank: 1, user: { id: 7_001 }, snaps: 1, pixels: ids.length, lastColor: '#FF4500' }],
    });
    expect((await api(run.baseUrl, 'GET', '/api/v1/ratings/pixanos?limit=51')).status).toBe(400);
    const me = await api<{ achievements: Record<string, boolean> }>(run.baseUrl, 'GET', '/api/v1/users/me', {
      token: a.token,
    });
    expect(me.body.achievements?.['14']).toBe(true);

    // Restart at once (the pixels table may still be catching up), then once it has caught up.
    await run.stop();
    run = await startApp(store);
    expect(Buffer.compare(Buffer.from((await canvasOf(run)).indices), Buffer.from(want))).toBe(0);
    const pending = async () =>
      (
        await run.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pixanos_events WHERE materialized_at IS NULL',
        )
      )[0]!.n;
    const started = Date.now();
    const end = started + 180_000;
    while ((await pending()) > 0 && Date.now() < end) await new Promise((res) => setTimeout(res, 200));
    expect(await pending()).toBe(0);
    console.info(
      `${kind}: pixels table caught up with the snap ${Date.now() - started} ms after the restart`,
    );
    const rows = await run.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pixels WHERE user_id = 7001',
    );
    expect(rows[0]!.n).toBe(ids.length);
    await run.stop();
    run = await startApp(store);
    expect(Buffer.compare(Buffer.from((await canvasOf(run)).indices), Buffer.from(want))).toBe(0);
    await run.stop();
  }, 240_000);

  it('refuses a colour the player may no longer paint, chosen when bought or given now', async () => {
    const store = await createTestStore(kind);
    cleanups.push(() => store.dispose());
    const run = await startApp(store);
    cleanups.push(() => run.stop());
    const id = 7_301;
    const a = await telegramSignIn(run.baseUrl, { id, first_name: 'Refunded' });
    // Bought in a colour beyond the basic line while holding All colours…
    await addItems(run.db, id, [
      { productId: 13, qty: 1 },
      { productId: 14, qty: 1 },
    ]);
    const order = await insertOrder(run.db, {
      id: randomUUID(),
      userId: id,
      productId: 13,
      quantity: 1,
      currencyId: 1,
      amount: '80000',
      amountUnits: '80000',
      channel: 'stars',
      memo: null,
      pixanosColor: paletteIndexOf('#6D001A'),
      daily: false,
      createdMs: Date.now(),
    });
    await markFulfilled(run.db, order!.id);
    // …which was taken back since (a refund).
    await takeBack(run.db, id, 14, 1);

    for (const body of [{ productId: 13 }, { productId: 13, color: '#6D001A' }]) {
      const r = await use(run, a.token, body);
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ error: { code: 'COLOR_LOCKED', details: { color: 8 } } });
    }
    // Nothing was painted and the item is kept.
    const events = await run.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pixanos_events');
    expect(events[0]!.n).toBe(0);
    const left = await api<{ goodsAvailable: Record<string, number> }>(
      run.baseUrl,
      'GET',
      '/api/v1/buy/list',
      {
        token: a.token,
      },
    );
    expect(left.body.goodsAvailable['13']).toBe(1);
  }, 120_000);

  it('a concurrent double use of one item succeeds once', async () => {
    const store = await createTestStore(kind);
    cleanups.push(() => store.dispose());
    const run = await startApp(store);
    cleanups.push(() => run.stop());
    const a = await telegramSignIn(run.baseUrl, { id: 7_101, first_name: 'Twice' });
    await addItems(run.db, 7_101, [{ productId: 13, qty: 1 }]);
    const results = await Promise.all([
      use(run, a.token, { productId: 13, color: '#00A368' }),
      use(run, a.token, { productId: 13, color: '#00A368' }),
    ]);
    expect(results.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(results.find((x) => x.status === 409)!.body).toMatchObject({ error: { code: 'NO_ITEMS' } });
    const events = await run.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pixanos_events');
    expect(events[0]!.n).toBe(1);
  }, 120_000);
});

describe.runIf(backends.includes('redis') && kinds.includes('postgres'))(
  "Pixanos' Snap in a cluster (Redis engine and bus, PostgreSQL)",
  () => {
    it('reaches the other instance, whose canvas ends equal', async () => {
      const store = await createTestStore('postgres');
      cleanups.push(() => store.dispose());
      const config = testConfig({
        DATABASE_URL: store.url!,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: testPrefix(),
      });
      const one = await startApp(store, config);
      const two = await startApp(store, config);
      cleanups.push(async () => {
        await two.stop();
        await one.stop();
      });
      const a = await telegramSignIn(one.baseUrl, { id: 7_201, first_name: 'Clustered' });
      await addItems(one.db, 7_201, [{ productId: 13, qty: 1 }]);
      const listener = await listen(two);
      const before = await canvasOf(two);
      const r = await use(one, a.token, { productId: 13, color: '#811E9F' });
      expect(r.status).toBe(200);
      await until(() => listener.events.some((e) => e.kind === 'snap'));
      const event = listener.events.find((e) => e.kind === 'snap')!;
      const want = before.indices.slice();
      applySnap(want, event.seed!, event.percentage!, paletteIndexOf('#811E9F'));
      expect(Buffer.compare(Buffer.from((await canvasOf(two)).indices), Buffer.from(want))).toBe(0);
      expect(want.length).toBe(CANVAS_PIXELS);
      listener.close();
    }, 120_000);
  },
);
