import { CloseCode, PALETTE } from '@pixel-wall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  api,
  createTestStore,
  dbKinds,
  initDataFor,
  type RunningApp,
  startApp,
  type TestStore,
  telegramSignIn,
} from '../../testing/harness.ts';
import { ADMIN_ID, type PlayersTestApp, startPlayersApp } from '../profiles/test-app.ts';

const kinds = await dbKinds();

type ErrorBody = { error: { code: string } };

function paint(base: string, auth: { token?: string; initData?: string }, pixelId: number) {
  return api<ErrorBody>(base, 'POST', '/api/v1/repaint/start', {
    ...auth,
    body: { pixelId, newColor: PALETTE[4] },
  });
}

function openSocket(wsUrl: string, token: string): Promise<{ ws: WebSocket; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${wsUrl}/ws?token=${encodeURIComponent(token)}`);
    const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    ws.once('message', () => resolve({ ws, closed }));
    ws.once('error', reject);
  });
}

describe.each(kinds)('moderation on %s', (kind) => {
  let store: TestStore;
  let t: PlayersTestApp;
  let admin: string;

  beforeAll(async () => {
    store = await createTestStore(kind);
    t = await startPlayersApp(store);
    admin = (await telegramSignIn(t.app.baseUrl, { id: ADMIN_ID, first_name: 'Ada' })).token;
  });
  afterAll(async () => {
    await t?.stop();
    await store?.dispose();
  });

  it('lets only admins ban and unban: 403 for players and guests, 404 for unknown players', async () => {
    const eve = await telegramSignIn(t.app.baseUrl, { id: 3001, first_name: 'Eve' });
    await telegramSignIn(t.app.baseUrl, { id: 3002, first_name: 'Fay' });
    for (const path of ['/api/v1/admin/ban/3002', '/api/v1/admin/unban/3002']) {
      const r = await api<ErrorBody>(t.url, 'PUT', path, { token: eve.token });
      expect(r.status).toBe(403);
      expect(r.body.error.code).toBe('FORBIDDEN');
      expect((await api(t.url, 'PUT', path)).status).toBe(401);
    }
    const unknown = await api<ErrorBody>(t.url, 'PUT', '/api/v1/admin/ban/777777', { token: admin });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');
    expect((await api(t.url, 'PUT', '/api/v1/admin/unban/777777', { token: admin })).status).toBe(404);
    expect((await api(t.url, 'PUT', '/api/v1/admin/ban/0', { token: admin })).status).toBe(400);
    expect((await api(t.url, 'PUT', '/api/v1/admin/ban/abc', { token: admin })).status).toBe(400);
    const self = await api<ErrorBody>(t.url, 'PUT', `/api/v1/admin/ban/${ADMIN_ID}`, { token: admin });
    expect(self.status).toBe(403);
    const fay = await api(t.app.baseUrl, 'GET', '/api/v1/users/me', {
      initData: initDataFor({ id: 3002, first_name: 'Fay' }),
    });
    expect(fay.status).toBe(200);
  });

  it('refuses the next paint of a player banned after they signed in and painted (cached profile)', async () => {
    const pat = await telegramSignIn(t.app.baseUrl, { id: 3010, first_name: 'Pat' });
    const patInit = initDataFor({ id: 3010, first_name: 'Pat' });
    expect((await paint(t.app.baseUrl, { token: pat.token }, 4001)).status).toBe(200);
    expect((await paint(t.app.baseUrl, { initData: patInit }, 4002)).status).toBe(200);
    const me = await api<{ websocketToken: string }>(t.app.baseUrl, 'GET', '/api/v1/users/me', {
      token: pat.token,
    });
    const socket = await openSocket(t.app.wsUrl, me.body.websocketToken);

    const ban = await api(t.url, 'PUT', '/api/v1/admin/ban/3010', { token: admin });
    expect(ban.status).toBe(204);
    expect(await socket.closed).toBe(CloseCode.Banned);

    // Well inside the 10 s profile cache: the ban reached it through the bus.
    for (const auth of [{ token: pat.token }, { initData: patInit }]) {
      const refused = await paint(t.app.baseUrl, auth, 4003);
      expect([401, 403]).toContain(refused.status);
      expect(['UNAUTHORIZED', 'BANNED']).toContain(refused.body.error.code);
    }
    const pixel = await api(t.app.baseUrl, 'GET', '/api/v1/image/get/4003');
    expect(pixel.body).toMatchObject({ owner: null });
    // Every session is closed: the refresh token is dead too.
    const refresh = await api(t.app.baseUrl, 'POST', '/api/v1/auth/telegram/refresh', {
      body: { refresh_token: pat.refresh_token },
    });
    expect(refresh.status).toBe(401);
    // A banned player cannot sign in again.
    const again = await api(t.app.baseUrl, 'POST', '/api/v1/auth/telegram', { body: { initData: patInit } });
    expect(again.status).toBe(403);
    const profile = await api(t.url, 'GET', '/api/v1/users/3010/profile');
    expect(profile.body).toMatchObject({ id: 3010, banned: true, rank: 0 });

    // Banning twice is fine; unban lets them back in.
    expect((await api(t.url, 'PUT', '/api/v1/admin/ban/3010', { token: admin })).status).toBe(204);
    expect((await api(t.url, 'PUT', '/api/v1/admin/unban/3010', { token: admin })).status).toBe(204);
    const back = await telegramSignIn(t.app.baseUrl, { id: 3010, first_name: 'Pat' });
    expect((await paint(t.app.baseUrl, { token: back.token }, 4004)).status).toBe(200);
    const after = await api(t.url, 'GET', '/api/v1/users/3010/profile');
    expect(after.body).toMatchObject({ banned: false, repaints: 3 });
  });

  it.runIf(kind === 'postgres')('refuses the paint on another instance of the cluster', async () => {
    // A second real app on the same database and bus: another instance behind the balancer.
    const other: RunningApp = await startApp(store, t.config, { bus: t.bus });
    try {
      const kim = await telegramSignIn(other.baseUrl, { id: 3020, first_name: 'Kim' });
      const kimInit = initDataFor({ id: 3020, first_name: 'Kim' });
      expect((await paint(other.baseUrl, { initData: kimInit }, 4100)).status).toBe(200);
      expect((await api(t.url, 'PUT', '/api/v1/admin/ban/3020', { token: admin })).status).toBe(204);
      const refused = await paint(other.baseUrl, { initData: kimInit }, 4101);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('BANNED');
      const withToken = await paint(other.baseUrl, { token: kim.token }, 4102);
      expect([401, 403]).toContain(withToken.status);
    } finally {
      await other.stop();
    }
  });
});
