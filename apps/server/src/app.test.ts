import http from 'node:http';
import { gunzipSync, inflateRawSync } from 'node:zlib';
import { CANVAS_PIXELS, PALETTE, paletteIndexOf } from '@pixel-wall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestStore,
  dbKinds,
  initDataFor,
  type RunningApp,
  startApp,
  type TestStore,
  telegramSignIn,
  testConfig,
} from './testing/harness.ts';

const kinds = await dbKinds();

describe.each(kinds)('the wall on %s', (kind) => {
  let store: TestStore;
  let run: RunningApp;

  beforeAll(async () => {
    store = await createTestStore(kind);
    run = await startApp(store);
  });
  afterAll(async () => {
    await run?.stop();
    await store?.dispose();
  });

  it('signs in, paints, reads pixel info, and keeps everything across a restart', async () => {
    const ann = await telegramSignIn(run.baseUrl, { id: 1001, first_name: 'Ann', username: 'ann' });
    const me = await api<{ id: number; firstName: string; websocketToken: string }>(
      run.baseUrl,
      'GET',
      '/api/v1/users/me',
      {
        token: ann.token,
      },
    );
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id: 1001,
      firstName: 'Ann',
      userName: 'ann',
      league: 'bronze',
      repaints: 0,
    });
    expect(me.body.websocketToken).toMatch(/^pws1\./);

    const paint = await api(run.baseUrl, 'POST', '/api/v1/repaint/start', {
      token: ann.token,
      body: { pixelId: 1 + 10 + 20 * 1024, newColor: '#FF4500' },
    });
    expect(paint.status).toBe(200);
    expect(paint.body).toMatchObject({ success: true, charges: 4, maxCharges: 5, reChargeSpeed: 600_000 });

    const info = await api(run.baseUrl, 'GET', `/api/v1/image/get/${1 + 10 + 20 * 1024}`);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({
      pixel: { x: 10, y: 20, color: '#FF4500' },
      owner: { id: 1001, firstName: 'Ann', userName: 'ann', squad: null },
    });

    // Restart on the same database: canvas, owner, charges and counters survive.
    await run.stop();
    run = await startApp(store);
    const again = await api(run.baseUrl, 'GET', `/api/v1/image/get/${1 + 10 + 20 * 1024}`);
    expect(again.body).toMatchObject({ pixel: { color: '#FF4500' }, owner: { id: 1001 } });
    const mining = await api(run.baseUrl, 'GET', '/api/v1/mining/status', { token: ann.token });
    expect(mining.status).toBe(200);
    expect(mining.body).toMatchObject({ charges: 4, maxCharges: 5 });
    const me2 = await api(run.baseUrl, 'GET', '/api/v1/users/me', { token: ann.token });
    expect(me2.body).toMatchObject({ repaints: 1, rank: 1 });
    const stats = await api(run.baseUrl, 'GET', '/api/v1/history/stats');
    expect(stats.body).toMatchObject({ totalRepaints: 1, daily_repaints: 1, paintedPixels: 1 });
    const raw = await fetch(`${run.baseUrl}/api/v1/image/canvas?format=raw`);
    const indices = inflateRawSync(Buffer.from(await raw.arrayBuffer()));
    expect(indices.length).toBe(CANVAS_PIXELS);
    expect(indices[10 + 20 * 1024]).toBe(paletteIndexOf('#FF4500'));
  });

  it('refuses a paint at zero charges, spending nothing and changing no pixel', async () => {
    const bob = await telegramSignIn(run.baseUrl, { id: 1002, first_name: 'Bob' });
    for (let i = 0; i < 5; i++) {
      const r = await api(run.baseUrl, 'POST', '/api/v1/repaint/start', {
        token: bob.token,
        body: { pixelId: 500 + i, newColor: PALETTE[4] },
      });
      expect(r.status).toBe(200);
    }
    const refused = await api<{ error: { code: string } }>(run.baseUrl, 'POST', '/api/v1/repaint/start', {
      token: bob.token,
      body: { pixelId: 700, newColor: PALETTE[4] },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('NO_CHARGES');
    const pixel = await api(run.baseUrl, 'GET', '/api/v1/image/get/700');
    expect(pixel.body).toMatchObject({ owner: null, pixel: { color: '#FFFFFF' } });
    const mining = await api(run.baseUrl, 'GET', '/api/v1/mining/status', { token: bob.token });
    expect(mining.body).toMatchObject({ charges: 0 });
  });

  it('gives exactly max charges to a burst of concurrent paints', async () => {
    const cy = await telegramSignIn(run.baseUrl, { id: 1003, first_name: 'Cy' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api(run.baseUrl, 'POST', '/api/v1/repaint/start', {
          token: cy.token,
          body: { pixelId: 2000 + i, newColor: PALETTE[9] },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409)).toHaveLength(15);
  });

  it('accepts the Mini App initData header on any call and creates the player once', async () => {
    const initData = initDataFor({ id: 1004, first_name: 'Dee' }, { startParam: 'f1001' });
    const me = await api(run.baseUrl, 'GET', '/api/v1/users/me', { initData });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: 1004, firstName: 'Dee' });
    const ann = await api(run.baseUrl, 'GET', '/api/v1/users/me', {
      initData: initDataFor({ id: 1001, first_name: 'Ann' }),
    });
    expect(ann.body).toMatchObject({ friends: 1 });
    // Signing in again, or with another referrer, counts nothing more.
    await api(run.baseUrl, 'GET', '/api/v1/users/me', {
      initData: initDataFor({ id: 1004, first_name: 'Dee' }, { startParam: 'f1002' }),
    });
    const bob = await api(run.baseUrl, 'GET', '/api/v1/users/me', {
      initData: initDataFor({ id: 1002, first_name: 'Bob' }),
    });
    expect(bob.body).toMatchObject({ friends: 0 });
  });

  it('grants Beta Pixel to the first players only', async () => {
    const early = await api<{ achievements: Record<string, boolean> }>(
      run.baseUrl,
      'GET',
      '/api/v1/users/me',
      {
        initData: initDataFor({ id: 1006, first_name: 'Early' }),
      },
    );
    expect(early.body.achievements['1']).toBe(true);
  });

  it('refuses self-referral', async () => {
    const me = await api(run.baseUrl, 'GET', '/api/v1/users/me', {
      initData: initDataFor({ id: 1005, first_name: 'Eve' }, { startParam: 'f1005' }),
    });
    expect(me.body).toMatchObject({ friends: 0 });
  });
});

describe('bad input (pglite)', () => {
  let store: TestStore;
  let run: RunningApp;
  let token: string;

  beforeAll(async () => {
    store = await createTestStore('pglite');
    run = await startApp(store);
    token = (await telegramSignIn(run.baseUrl, { id: 2001, first_name: 'Max' })).token;
  });
  afterAll(async () => {
    await run?.stop();
    await store?.dispose();
  });

  const paint = (body: unknown, raw?: string) =>
    api<{ error: { code: string; message: string }; requestId: string }>(
      run.baseUrl,
      'POST',
      '/api/v1/repaint/start',
      raw === undefined ? { token, body } : { token, raw },
    );

  it.each([
    [{ pixelId: 0, newColor: '#FFFFFF' }],
    [{ pixelId: 1_048_577, newColor: '#FFFFFF' }],
    [{ pixelId: 1.5, newColor: '#FFFFFF' }],
    [{ pixelId: '12', newColor: '#FFFFFF' }],
    [{ pixelId: 12, newColor: '#123456' }],
    [{ pixelId: 12, newColor: 'red' }],
    [{ pixelId: 12 }],
    [{ pixelId: 12, newColor: '#FFFFFF', extra: 1 }],
    [[1, 2]],
  ])('refuses %j with 400 BAD_REQUEST', async (body) => {
    const r = await paint(body);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('BAD_REQUEST');
    expect(r.body.requestId).toBeTruthy();
  });

  it('refuses malformed JSON and oversized bodies', async () => {
    const bad = await paint(undefined, '{"pixelId": ');
    expect(bad.status).toBe(400);
    const big = await paint(
      undefined,
      JSON.stringify({ pixelId: 1, newColor: '#FFFFFF', pad: 'x'.repeat(40_000) }),
    );
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('spends no charge on refused paints', async () => {
    const m = await api(run.baseUrl, 'GET', '/api/v1/mining/status', { token });
    expect(m.body).toMatchObject({ charges: 5 });
  });

  it.each([
    [
      'forged',
      () =>
        initDataFor({ id: 2002, first_name: 'X' }, { botToken: '999:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }),
      'INVALID_INIT_DATA',
    ],
    [
      'expired',
      () =>
        initDataFor({ id: 2002, first_name: 'X' }, { authDate: Math.floor(Date.now() / 1000) - 3 * 86_400 }),
      'EXPIRED_INIT_DATA',
    ],
    ['malformed', () => 'user=%E0%A4%A&hash=zz', 'INVALID_INIT_DATA'],
    [
      'tampered',
      () => initDataFor({ id: 2002, first_name: 'X' }).replace('2002', '2003'),
      'INVALID_INIT_DATA',
    ],
  ])('refuses %s initData with 401 and a code', async (_name, make, code) => {
    const r = await api<{ error: { code: string } }>(run.baseUrl, 'POST', '/api/v1/auth/telegram', {
      body: { initData: make() },
    });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe(code);
    const header = await api<{ error: { code: string } }>(run.baseUrl, 'GET', '/api/v1/users/me', {
      initData: make(),
    });
    expect(header.status).toBe(401);
    expect(header.body.error.code).toBe(code);
  });

  it('refuses bad bearer tokens and unknown schemes', async () => {
    for (const authorization of ['Bearer nope', 'Bearer ', 'Basic abc', `Bearer ${token}x`]) {
      const r = await api<{ error: { code: string } }>(run.baseUrl, 'GET', '/api/v1/users/me', {
        headers: { authorization },
      });
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe('UNAUTHORIZED');
    }
    const guest = await api<{ error: { code: string } }>(run.baseUrl, 'GET', '/api/v1/users/me');
    expect(guest.status).toBe(401);
  });

  it('rotates refresh tokens and revokes the family on reuse', async () => {
    const s = await telegramSignIn(run.baseUrl, { id: 2003, first_name: 'Rot' });
    const r1 = await api<{ token: string; refresh_token: string }>(
      run.baseUrl,
      'POST',
      '/api/v1/auth/telegram/refresh',
      {
        body: { refresh_token: s.refresh_token },
      },
    );
    expect(r1.status).toBe(200);
    expect(r1.body.refresh_token).not.toBe(s.refresh_token);
    const ok = await api(run.baseUrl, 'GET', '/api/v1/users/me', { token: r1.body.token });
    expect(ok.status).toBe(200);
    const reuse = await api<{ error: { code: string } }>(
      run.baseUrl,
      'POST',
      '/api/v1/auth/telegram/refresh',
      {
        body: { refresh_token: s.refresh_token },
      },
    );
    expect(reuse.status).toBe(401);
    expect(reuse.body.error.code).toBe('INVALID_REFRESH_TOKEN');
    // The whole family is dead: the rotated token and its access token too.
    const next = await api(run.baseUrl, 'POST', '/api/v1/auth/telegram/refresh', {
      body: { refresh_token: r1.body.refresh_token },
    });
    expect(next.status).toBe(401);
    const dead = await api(run.baseUrl, 'GET', '/api/v1/users/me', { token: r1.body.token });
    expect(dead.status).toBe(401);
  });

  it('answers unknown routes with a 404 code and every response with a request id', async () => {
    const r = await api<{ error: { code: string } }>(run.baseUrl, 'GET', '/api/v1/does-not-exist');
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect(r.headers.get('x-request-id')).toBeTruthy();
  });

  it('gzips large JSON replies for clients that accept it, and leaves small ones alone', async () => {
    const get = (url: string, encoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${run.baseUrl}${url}`, { headers: { 'accept-encoding': encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const plain = await get('/api/v1/buy/list', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const zipped = await get('/api/v1/buy/list', 'gzip');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(gunzipSync(zipped.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    const small = await get('/healthz', 'gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ ok: true });
  });

  it('exposes health, readiness and metrics', async () => {
    expect((await api(run.baseUrl, 'GET', '/healthz')).status).toBe(200);
    expect((await api(run.baseUrl, 'GET', '/readyz')).body).toMatchObject({ ok: true });
    const m = await fetch(`${run.baseUrl}/metrics`);
    const text = await m.text();
    expect(text).toContain('pixelwall_paints_total');
    expect(text).toContain('pixelwall_websocket_sockets');
    expect(text).toContain('pixelwall_commit_seconds');
  });

  it('keeps dev sign-in closed while a bot token is configured', async () => {
    const r = await api<{ error: { code: string } }>(run.baseUrl, 'POST', '/api/v1/auth/dev', {
      body: { firstName: 'Dev' },
    });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('DEV_SIGN_IN_DISABLED');
  });
});

describe('Beta Pixel', () => {
  it('goes to the first EARLY_PLAYERS players and no later one', async () => {
    const store = await createTestStore('pglite');
    const run = await startApp(store, testConfig({ EARLY_PLAYERS: '1' }));
    try {
      const me = (id: number) =>
        api<{ achievements: Record<string, boolean> }>(run.baseUrl, 'GET', '/api/v1/users/me', {
          initData: initDataFor({ id, first_name: `P${id}` }),
        });
      expect((await me(5001)).body.achievements['1']).toBe(true);
      expect((await me(5002)).body.achievements['1']).toBeUndefined();
    } finally {
      await run.stop();
      await store.dispose();
    }
  });
});

describe('dev sign-in', () => {
  it('is open only without a bot token on loopback', () => {
    expect(testConfig({ TELEGRAM_BOT_TOKEN: '' }).devSignIn).toBe(true);
    expect(testConfig().devSignIn).toBe(false);
    expect(testConfig({ TELEGRAM_BOT_TOKEN: '', HOST: '0.0.0.0' }).devSignIn).toBe(false);
  });
});
