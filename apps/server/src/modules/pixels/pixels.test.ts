import { inflateRawSync } from 'node:zlib';
import {
  CANVAS_PIXELS,
  PALETTE,
  PIXEL_PRICE_TIERS,
  paletteIndexOf,
  pixelIdOf,
  pixelPrice,
  pixelPriceList,
  pixelRing,
} from '@pixel-wall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaintRecord, writeBatch } from '../../engine/committer.ts';
import { api, createTestStore, dbKinds, type TestStore, telegramSignIn } from '../../testing/harness.ts';
import { type PlayersTestApp, startPlayersApp } from '../profiles/test-app.ts';
import { pixelOverwrites } from './overwrites.ts';
import { priceSql } from './service.ts';

const kinds = await dbKinds();

interface MyPixels {
  pixels: { id: number; x: number; y: number; color: string; dateObtained: string }[];
  total: number;
  totalPrice: number;
}
interface Sold {
  pixels: { id: number; x: number; y: number; color: string; dateSold: string; repaintedBy: number }[];
  total: number;
  totalPrice: number;
}

describe('pixel prices', () => {
  it('grow towards the centre of the wall, in four square rings', () => {
    expect(pixelRing(pixelIdOf(511, 511))).toBe(0);
    expect(pixelRing(pixelIdOf(512, 512))).toBe(0);
    expect(pixelRing(pixelIdOf(0, 0))).toBe(511);
    expect(pixelRing(pixelIdOf(1023, 500))).toBe(511);
    expect(pixelPrice(pixelIdOf(512, 511))).toBe(8);
    expect(pixelPrice(pixelIdOf(448, 448))).toBe(8);
    expect(pixelPrice(pixelIdOf(447, 448))).toBe(4);
    expect(pixelPrice(pixelIdOf(320, 600))).toBe(4);
    expect(pixelPrice(pixelIdOf(319, 600))).toBe(2);
    expect(pixelPrice(pixelIdOf(128, 512))).toBe(2);
    expect(pixelPrice(pixelIdOf(127, 512))).toBe(1);
    expect(pixelPrice(1)).toBe(1);
    const list = pixelPriceList();
    expect(list.tiers).toEqual([
      { price: 8, fromRing: 0, toRing: 63, pixels: 128 * 128 },
      { price: 4, fromRing: 64, toRing: 191, pixels: 384 * 384 - 128 * 128 },
      { price: 2, fromRing: 192, toRing: 383, pixels: 768 * 768 - 384 * 384 },
      { price: 1, fromRing: 384, toRing: 511, pixels: 1024 * 1024 - 768 * 768 },
    ]);
    expect(list.tiers.reduce((n, t) => n + t.pixels, 0)).toBe(CANVAS_PIXELS);
    let counted = 0;
    for (let id = 1; id <= CANVAS_PIXELS; id++) if (pixelPrice(id) === PIXEL_PRICE_TIERS[0].price) counted++;
    expect(counted).toBe(list.tiers[0]!.pixels);
  });
});

describe.each(kinds)('my pixels on %s', (kind) => {
  let store: TestStore;
  let t: PlayersTestApp;

  beforeAll(async () => {
    store = await createTestStore(kind);
    t = await startPlayersApp(store);
  });
  afterAll(async () => {
    await t?.stop();
    await store?.dispose();
  });

  it('prices every pixel in SQL exactly as pixelPrice does', async () => {
    const rows = await t.app.db.query<{ price: number; n: number }>(
      `SELECT ${priceSql('g')} AS price, count(*)::int AS n FROM generate_series(1, ${CANVAS_PIXELS}) AS g
       GROUP BY 1 ORDER BY 1 DESC`,
    );
    expect(rows.map((r) => [Number(r.price), r.n])).toEqual(
      pixelPriceList().tiers.map((x) => [x.price, x.pixels]),
    );
    const sample = [
      1,
      2,
      1024,
      1025,
      pixelIdOf(448, 448),
      pixelIdOf(447, 448),
      pixelIdOf(511, 512),
      CANVAS_PIXELS,
    ];
    const one = await t.app.db.query<{ id: number; price: number }>(
      `SELECT g AS id, ${priceSql('g')} AS price FROM unnest($1::int[]) AS g`,
      [sample],
    );
    expect(one.map((r) => Number(r.price))).toEqual(sample.map(pixelPrice));
  });

  it('lists the pixels a player owns, newest first, with count, worth and a mask', async () => {
    const ann = await telegramSignIn(t.app.baseUrl, { id: 8001, first_name: 'Ann' });
    const centre = pixelIdOf(512, 512);
    const painted = [pixelIdOf(3, 4), centre, pixelIdOf(200, 500)];
    for (const [i, pixelId] of painted.entries()) {
      const r = await api(t.app.baseUrl, 'POST', '/api/v1/repaint/start', {
        token: ann.token,
        body: { pixelId, newColor: PALETTE[i * 2 + 2] },
      });
      expect(r.status).toBe(200);
      await new Promise((r) => setTimeout(r, 5));
    }
    const list = await api<MyPixels>(t.url, 'GET', '/api/v1/users/mypixels', { token: ann.token });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(3);
    expect(list.body.totalPrice).toBe(1 + 8 + 2);
    expect(list.body.pixels.map((p) => [p.id, p.x, p.y, p.color])).toEqual([
      [pixelIdOf(200, 500), 200, 500, PALETTE[6]],
      [centre, 512, 512, PALETTE[4]],
      [pixelIdOf(3, 4), 3, 4, PALETTE[2]],
    ]);
    expect(Date.parse(list.body.pixels[0]!.dateObtained)).toBeGreaterThan(Date.now() - 60_000);
    const page = await api<MyPixels>(t.url, 'GET', '/api/v1/users/mypixels?offset=1&limit=1', {
      token: ann.token,
    });
    expect(page.body.pixels.map((p) => p.id)).toEqual([centre]);
    expect(page.body.total).toBe(3);

    const count = await api(t.url, 'GET', '/api/v1/users/mypixels/count', { token: ann.token });
    expect(count.body).toEqual({ myPixelsCount: 3 });

    const mask = await fetch(`${t.url}/api/v1/image/mask`, {
      headers: { authorization: `Bearer ${ann.token}` },
    });
    expect(mask.status).toBe(200);
    expect(mask.headers.get('content-type')).toBe('application/octet-stream');
    expect(mask.headers.get('x-mask-format')).toBe('bytes+deflate-raw');
    const bytes = inflateRawSync(Buffer.from(await mask.arrayBuffer()));
    expect(bytes.length).toBe(CANVAS_PIXELS);
    const ones: number[] = [];
    bytes.forEach((b, i) => {
      if (b === 1) ones.push(i + 1);
    });
    expect(ones).toEqual([...painted].sort((a, b) => a - b));

    for (const path of ['/api/v1/users/mypixels', '/api/v1/users/mypixels/count', '/api/v1/image/mask']) {
      expect((await api(t.url, 'GET', path)).status).toBe(401);
    }
    expect((await api(t.url, 'GET', '/api/v1/users/mypixels?limit=101', { token: ann.token })).status).toBe(
      400,
    );
    const prices = await api(t.url, 'GET', '/api/v1/image/prices');
    expect(prices.status).toBe(200);
    expect(prices.body).toEqual(pixelPriceList());
  });

  it('lists sold pixels: painted over by someone else, and not painted back', async () => {
    const { db } = t.app;
    const ids = { bo: 8101, cy: 8102, di: 8103 };
    const tokens: Record<string, string> = {};
    for (const [name, id] of Object.entries(ids)) {
      tokens[name] = (await telegramSignIn(t.app.baseUrl, { id, first_name: name })).token;
    }
    const at = Date.now() - 10_000;
    const rec = (pixelId: number, userId: number, ms: number): PaintRecord => ({
      pixelId,
      userId,
      color: paletteIndexOf(PALETTE[7]),
      squadId: null,
      at: ms,
      charges: 1,
      chargesUpdatedAt: ms,
    });
    // The group commit's own statements: overwrites first, then the batch itself.
    const commit = (batch: PaintRecord[]) => db.transaction((tx) => writeBatch(tx, batch, pixelOverwrites));
    await commit([rec(9001, ids.bo, at), rec(9002, ids.bo, at), rec(9003, ids.bo, at)]);
    // Cy paints over two of Bo's; within one batch Di covers Cy at 9004, then Bo covers Di there.
    await commit([
      rec(9001, ids.cy, at + 1000),
      rec(9002, ids.cy, at + 1000),
      rec(9004, ids.cy, at + 1000),
      rec(9004, ids.di, at + 2000),
      rec(9004, ids.bo, at + 3000),
    ]);
    // Bo paints 9002 back: no longer sold.
    await commit([rec(9002, ids.bo, at + 4000)]);
    // Painting over one's own pixel is no sale.
    await commit([rec(9003, ids.bo, at + 5000)]);

    const bo = await api<Sold>(t.url, 'GET', '/api/v1/users/mypixels/sold', { token: tokens.bo });
    expect(bo.status).toBe(200);
    expect(bo.body).toEqual({
      pixels: [
        {
          id: 9001,
          x: 9000 % 1024,
          y: Math.floor(9000 / 1024),
          color: PALETTE[7],
          dateSold: new Date(at + 1000).toISOString(),
          repaintedBy: ids.cy,
        },
      ],
      total: 1,
      totalPrice: pixelPrice(9001),
    });
    const cy = await api<Sold>(t.url, 'GET', '/api/v1/users/mypixels/sold', { token: tokens.cy });
    expect(cy.body.pixels.map((p) => [p.id, p.repaintedBy])).toEqual([
      [9002, ids.bo],
      [9004, ids.di],
    ]);
    const di = await api<Sold>(t.url, 'GET', '/api/v1/users/mypixels/sold?limit=1', { token: tokens.di });
    expect(di.body.pixels.map((p) => [p.id, p.repaintedBy, p.dateSold])).toEqual([
      [9004, ids.bo, new Date(at + 3000).toISOString()],
    ]);
    const mine = await api<MyPixels>(t.url, 'GET', '/api/v1/users/mypixels', { token: tokens.bo });
    expect(mine.body.pixels.map((p) => p.id)).toEqual([9003, 9002, 9004]);
  });
});
