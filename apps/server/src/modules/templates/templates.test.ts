import { TEMPLATE_TRANSPARENT, type Template } from '@pixel-wall/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestStore,
  dbKinds,
  playerFactory,
  type RunningApp,
  startApp,
  type TestStore,
  telegramSignIn,
  testConfig,
} from '../../testing/harness.ts';
import { pngBomb, rgbaImage, solid, upload } from './testing.ts';

const kinds = await dbKinds();
const ADMIN = 880_001;

describe.each(kinds)('templates on %s', (kind) => {
  let store: TestStore;
  let run: RunningApp;
  let base: string;
  const player = playerFactory(() => base, 870_000, 'Tess');

  beforeAll(async () => {
    store = await createTestStore(kind);
    run = await startApp(
      store,
      testConfig({
        ADMIN_IDS: String(ADMIN),
        TEMPLATE_UPLOADS_PER_HOUR: '100000',
        TEMPLATE_MAX_BYTES: '65536',
      }),
    );
    base = run.baseUrl;
  });
  afterAll(async () => {
    await run?.stop();
    await store?.dispose();
  });

  it('uploads a template at posX/posY, maps it onto the palette and serves it cacheably', async () => {
    const me = await player();
    const png = await rgbaImage(8, 4, (x) => (x < 4 ? [255, 69, 0, 255] : [0, 0, 0, 0]));
    const r = await upload(base, '/image/template/upload', me.token, png, { posX: '100', posY: '200' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      x: 100,
      y: 200,
      width: 8,
      height: 4,
      size: 8,
      version: 1,
      type: 'my',
      ownerId: me.id,
      pixels: 16,
      subscribers: 0,
      roundId: null,
    });
    expect(r.body.url).toBe(`/api/v1/image/template/file/${r.body.id}-1.png`);

    const file = await fetch(`${base}${r.body.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = file.headers.get('etag')!;
    expect(etag).toBe(`"tpl-${r.body.id}-1"`);
    const rgba = await sharp(Buffer.from(await file.arrayBuffer()))
      .ensureAlpha()
      .raw()
      .toBuffer();
    expect([...rgba.subarray(0, 4)]).toEqual([0xff, 0x45, 0x00, 255]);
    expect(rgba[4 * 4 + 3]).toBe(0);
    const again = await fetch(`${base}${r.body.url}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);

    // A new upload replaces the picture, keeps the place when no position is sent, bumps the version.
    const second = await upload(base, '/image/template/upload', me.token, await solid(13, 6), {
      posX: '',
      posY: '',
    });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ id: r.body.id, x: 100, y: 200, width: 6, version: 2 });
    expect((await fetch(`${base}${r.body.url}`)).status).toBe(404);
    expect((await fetch(`${base}${second.body.url}`)).status).toBe(200);

    const mine = await api<{ template: Template; subscribed: Template | null }>(
      base,
      'GET',
      '/api/v1/image/template/my',
      { token: me.token },
    );
    expect(mine.body.template).toMatchObject({ id: r.body.id, version: 2, type: 'my' });
    expect(mine.body.subscribed).toBeNull();
    const got = await api<Template>(base, 'GET', `/api/v1/image/template/${r.body.id}`);
    expect(got.body).toMatchObject({
      id: r.body.id,
      type: 'public',
      ownerName: expect.stringMatching(/^Tess/),
    });
    expect((await api(base, 'GET', '/api/v1/image/template/999999')).status).toBe(404);
  });

  it('centres a first upload without a position, and checks posX/posY', async () => {
    const me = await player();
    const centred = await upload(base, '/image/template/upload', me.token, await solid(4, 32));
    expect(centred.body).toMatchObject({ x: 496, y: 496 });
    for (const [posX, posY, why] of [
      ['-1', '0', /posX must be a whole number/],
      ['1.5', '0', /posX/],
      ['abc', '0', /posX/],
      ['0', '1024', /posY must be a whole number from 0 to 1023/],
      ['0', '99999', /posY/],
      ['1000', '0', /would leave the Wall: posX may be at most 992/],
      ['0', '993', /posY at most 992/],
    ] as const) {
      const r = await upload(base, '/image/template/upload', me.token, await solid(4, 32), { posX, posY });
      expect(r.status, `${posX},${posY}`).toBe(400);
      expect(r.body.error.code).toBe('BAD_REQUEST');
      expect(r.body.error.details?.reason).toBe('position');
      expect(r.body.error.message).toMatch(why);
    }
    const corner = await upload(base, '/image/template/upload', me.token, await solid(4, 32), {
      posX: '992',
      posY: '992',
    });
    expect(corner.body).toMatchObject({ x: 992, y: 992, version: 2 });
  });

  it('refuses bad files with clear 4xx errors, keeping memory bounded', async () => {
    const me = await player();
    const path = '/image/template/upload';
    const text = await upload(base, path, me.token, Buffer.from('hello, not an image'));
    expect([text.status, text.body.error.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    expect(text.body.error.message).toBe('That is not a PNG or WebP image.');

    const big = await upload(base, path, me.token, Buffer.alloc(65_537, 7));
    expect([big.status, big.body.error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(big.body.error.message).toBe('The file is 65537 bytes; templates may be at most 65536 bytes.');

    const png = await solid(9, 32);
    const cut = await upload(base, path, me.token, png.subarray(0, png.length - 20));
    expect([cut.status, cut.body.error.details?.reason]).toEqual([400, 'corrupt']);
    expect((await upload(base, path, me.token, new Uint8Array(0))).status).toBe(400);

    // A bronze player may upload 32 px: 33 px is refused, and so is a bomb, from its header.
    const wide = await upload(base, path, me.token, await solid(1, 33, 8));
    expect([wide.status, wide.body.error.message]).toEqual([
      413,
      'The image is 33×8 px; at your level a template may be at most 32×32 px.',
    ]);
    const before = process.memoryUsage().rss;
    for (let i = 0; i < 20; i++) {
      const bomb = await upload(base, path, me.token, pngBomb(30_000, 30_000));
      expect(bomb.status).toBe(413);
      expect(bomb.body.error.message).toMatch(
        /30000×30000 px; at your level a template may be at most 32×32/,
      );
    }
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);

    // Still in JSON elsewhere: the raw parser is only on the upload routes.
    const json = await api(base, 'PUT', '/api/v1/image/template/subscribe/1', {
      token: me.token,
      raw: 'x',
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(json.status).toBe(415);
    expect((await upload(base, path, null, await solid(1, 8))).status).toBe(401);
  });

  it('grows the allowed size with the level: league by repaints, admins the largest', async () => {
    const me = await player();
    const sizes = async (id: number) =>
      (
        await api<{ level: number; sizes: number[]; maxSize: number }>(
          base,
          'GET',
          `/api/v1/image/template/sizes/${id}`,
        )
      ).body;
    expect(await sizes(me.id)).toEqual({ userId: me.id, level: 0, sizes: [32], maxSize: 32 });
    for (const [repaints, level, max] of [
      [8, 1, 64],
      [128, 2, 128],
      [2048, 3, 256],
      [2_048_000, 4, 512],
    ] as const) {
      await run.db.query('UPDATE users SET repaints = $2 WHERE id = $1', [me.id, repaints]);
      expect(await sizes(me.id)).toMatchObject({ level, maxSize: max });
    }
    expect((await sizes(me.id)).sizes).toEqual([32, 64, 128, 256, 512]);
    await run.db.query('UPDATE users SET repaints = 8 WHERE id = $1', [me.id]);
    expect((await upload(base, '/image/template/upload', me.token, await solid(2, 64))).status).toBe(201);
    expect((await upload(base, '/image/template/upload', me.token, await solid(2, 65, 1))).status).toBe(413);

    const admin = (await telegramSignIn(base, { id: ADMIN, first_name: 'Ada' })).token;
    expect(await sizes(ADMIN)).toMatchObject({ level: 5, maxSize: 1024 });
    const full = await upload(base, '/image/template/upload', admin, await solid(3, 1024), {
      posX: '0',
      posY: '0',
    });
    expect(full.body).toMatchObject({ width: 1024, height: 1024, pixels: 1024 * 1024 });
    expect((await api(base, 'GET', '/api/v1/image/template/sizes/123456789')).status).toBe(404);
  });

  it('lists templates 12 a page with the total, and subscribing moves one follower', async () => {
    const owners = [];
    for (let i = 0; i < 14; i++) {
      const p = await player('Lister');
      const r = await upload(base, '/image/template/upload', p.token, await solid(i % 30, 8), {
        posX: String(i * 10),
        posY: '5',
      });
      expect(r.status).toBe(201);
      owners.push({ ...p, templateId: r.body.id });
    }
    const first = await api<{ list: Template[]; total: number }>(base, 'GET', '/api/v1/image/template/list');
    expect(first.body.list).toHaveLength(12);
    const total = first.body.total;
    expect(total).toBeGreaterThanOrEqual(14);
    const rest = await api<{ list: Template[]; total: number }>(
      base,
      'GET',
      '/api/v1/image/template/list?limit=12&offset=12',
    );
    expect(rest.body.list).toHaveLength(Math.min(12, total - 12));
    const ids = [...first.body.list, ...rest.body.list].map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const q of ['limit=0', 'limit=51', 'offset=-1', 'limit=x', 'extra=1']) {
      expect((await api(base, 'GET', `/api/v1/image/template/list?${q}`)).status, q).toBe(400);
    }

    const fan = await player('Fan');
    const a = owners[0]!.templateId;
    const b = owners[1]!.templateId;
    const subA = await api<Template>(base, 'PUT', `/api/v1/image/template/subscribe/${a}`, {
      token: fan.token,
    });
    expect(subA.body).toMatchObject({ id: a, subscribers: 1, type: 'subscribed' });
    // Twice is once.
    await api(base, 'PUT', `/api/v1/image/template/subscribe/${a}`, { token: fan.token });
    const subB = await api<Template>(base, 'PUT', `/api/v1/image/template/subscribe/${b}`, {
      token: fan.token,
    });
    expect(subB.body).toMatchObject({ id: b, subscribers: 1 });
    expect((await api<Template>(base, 'GET', `/api/v1/image/template/${a}`)).body.subscribers).toBe(0);
    const mine = await api<{ subscribed: Template }>(base, 'GET', '/api/v1/image/template/my', {
      token: fan.token,
    });
    expect(mine.body.subscribed).toMatchObject({ id: b });
    // The most followed comes first.
    const top = await api<{ list: Template[] }>(base, 'GET', '/api/v1/image/template/list?limit=1');
    expect(top.body.list[0]!.subscribers).toBeGreaterThanOrEqual(1);
    expect(
      (await api(base, 'PUT', '/api/v1/image/template/subscribe/99999999', { token: fan.token })).status,
    ).toBe(404);
    expect((await api(base, 'PUT', `/api/v1/image/template/subscribe/${a}`)).status).toBe(401);
    expect((await api(base, 'DELETE', '/api/v1/image/template/subscribe', { token: fan.token })).status).toBe(
      204,
    );
    expect((await api<Template>(base, 'GET', `/api/v1/image/template/${b}`)).body.subscribers).toBe(0);
  });

  it('has a world template admins choose, and shows the referrer’s template to those they invited', async () => {
    const host = await player('Host');
    const made = await upload(base, '/image/template/upload', host.token, await solid(20, 16));
    const admin = (await telegramSignIn(base, { id: ADMIN, first_name: 'Ada' })).token;
    expect((await api(base, 'GET', '/api/v1/image/template/world')).body).toEqual({ template: null });
    expect(
      (await api(base, 'PUT', `/api/v1/admin/template/world/${made.body.id}`, { token: host.token })).status,
    ).toBe(403);
    const set = await api(base, 'PUT', `/api/v1/admin/template/world/${made.body.id}`, { token: admin });
    expect(set.status).toBe(200);
    const world = await api<{ template: Template }>(base, 'GET', '/api/v1/image/template/world');
    expect(world.body.template).toMatchObject({ id: made.body.id, type: 'world' });

    const guestId = 879_999;
    const guest = await telegramSignIn(
      base,
      { id: guestId, first_name: 'Invitee' },
      {
        startParam: `f${host.id}_t1`,
      },
    );
    const referred = await api<{ template: Template }>(base, 'GET', '/api/v1/image/template/referred', {
      token: guest.token,
    });
    expect(referred.body.template).toMatchObject({ id: made.body.id, type: 'referred', ownerId: host.id });
    const nobody = await api<{ template: null }>(base, 'GET', '/api/v1/image/template/referred', {
      token: host.token,
    });
    expect(nobody.body.template).toBeNull();
    expect((await api(base, 'DELETE', '/api/v1/admin/template/world', { token: admin })).status).toBe(204);
    expect((await api(base, 'GET', '/api/v1/image/template/world')).body).toEqual({ template: null });
  });

  it('stores palette indices: transparent pixels stay transparent', async () => {
    const me = await player();
    const r = await upload(
      base,
      '/image/template/upload',
      me.token,
      await rgbaImage(3, 1, (x) => (x === 1 ? [0, 0, 0, 0] : [255, 255, 255, 255])),
    );
    const rows = await run.db.query<{ pixels: Uint8Array }>('SELECT pixels FROM templates WHERE id = $1', [
      r.body.id,
    ]);
    expect([...rows[0]!.pixels]).toEqual([0, TEMPLATE_TRANSPARENT, 0]);
  });
});

describe('template upload rate limit', () => {
  // On PostgreSQL when there is one: a fresh app starts faster there than on a new PGlite.
  it('lets a player upload a few, then refuses with 429 until the bucket refills', async () => {
    const store = await createTestStore(kinds[kinds.length - 1]!);
    const run = await startApp(store, testConfig({ TEMPLATE_UPLOADS_PER_HOUR: '3' }));
    try {
      const token = (await telegramSignIn(run.baseUrl, { id: 860_001, first_name: 'Rapid' })).token;
      const other = (await telegramSignIn(run.baseUrl, { id: 860_002, first_name: 'Calm' })).token;
      const png = await solid(5, 8);
      for (let i = 0; i < 3; i++) {
        expect((await upload(run.baseUrl, '/image/template/upload', token, png)).status).toBe(201);
      }
      const limited = await upload(run.baseUrl, '/image/template/upload', token, png);
      expect([limited.status, limited.body.error.code]).toEqual([429, 'RATE_LIMITED']);
      expect(limited.body.error.message).toMatch(/one every 20 min/);
      // Per player: someone else still may.
      expect((await upload(run.baseUrl, '/image/template/upload', other, png)).status).toBe(201);
    } finally {
      await run.stop();
      await store.dispose();
    }
  });
});
