/**
 * A banned player cannot paint (HTTP or the socket's RPC), buy, claim or open a socket, and every
 * refusal says BANNED (403, close 4403), so the client can tell them why.
 */
import {
  CloseCode,
  decodeServerFrame,
  encodeRepaintRpc,
  FrameType,
  PALETTE,
  type ServerFrame,
} from '@pixel-wall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  api,
  createTestStore,
  dbKinds,
  initDataFor,
  type TestStore,
  telegramSignIn,
} from '../../testing/harness.ts';
import { ADMIN_ID, type PlayersTestApp, startPlayersApp } from '../profiles/test-app.ts';

const kinds = await dbKinds();

type ErrorBody = { error: { code: string } };
type Auth = { token?: string; initData?: string };

interface Socket {
  ws: WebSocket;
  closed: Promise<number>;
  result(requestId: number): Promise<ServerFrame & { type: typeof FrameType.Result }>;
}

function openSocket(wsUrl: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${wsUrl}/ws?token=${encodeURIComponent(token)}`);
    const frames: ServerFrame[] = [];
    const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    ws.on('message', (data: Buffer) => {
      const f = decodeServerFrame(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
      if (f) frames.push(f);
    });
    const result = async (requestId: number) => {
      for (let i = 0; i < 200; i++) {
        const f = frames.find((x) => x.type === FrameType.Result && x.requestId === requestId);
        if (f?.type === FrameType.Result) return f;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`no result for request ${requestId}`);
    };
    ws.once('message', () => resolve({ ws, closed, result }));
    ws.once('error', reject);
    ws.once('close', (code) => reject(new Error(`closed ${code}`)));
  });
}

/** The close code of a socket the server refuses at once. */
function refusedSocket(wsUrl: string, token: string): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${wsUrl}/ws?token=${encodeURIComponent(token)}`);
    ws.on('close', (code) => resolve(code));
    ws.on('error', () => {});
  });
}

describe.each(kinds)('a banned player on %s', (kind) => {
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

  const paint = (auth: Auth, pixelId: number) =>
    api<ErrorBody>(t.app.baseUrl, 'POST', '/api/v1/repaint/start', {
      ...auth,
      body: { pixelId, newColor: PALETTE[4] },
    });
  const buy = (auth: Auth) =>
    api<ErrorBody>(t.app.baseUrl, 'POST', '/api/v1/buy/stars', { ...auth, body: { type: 2, qty: 1 } });
  const claim = (auth: Auth) => api<ErrorBody>(t.app.baseUrl, 'GET', '/api/v1/mining/claim', auth);
  const expectBanned = (r: { status: number; body: ErrorBody }) =>
    expect([r.status, r.body.error?.code]).toEqual([403, 'BANNED']);

  it('is refused at every door, even where a session outlived the ban', async () => {
    const pat = await telegramSignIn(t.app.baseUrl, { id: 6001, first_name: 'Pat' });
    expect((await paint({ token: pat.token }, 5001)).status).toBe(200);
    expect((await claim({ token: pat.token })).status).toBe(200);
    const me = await api<{ websocketToken: string }>(t.app.baseUrl, 'GET', '/api/v1/users/me', {
      token: pat.token,
    });
    const socket = await openSocket(t.app.wsUrl, me.body.websocketToken);

    // The state another instance's ban leaves here before its forget arrives: banned in SQL, this
    // instance's profile cache dropped (by its expiry, or any other change to the player), the
    // access token and the socket still live.
    await t.app.db.query('UPDATE users SET banned_at = now() WHERE id = $1', [6001]);
    await t.bus.publishControl({ kind: 'forget', userId: 6001, reason: 'squad' });

    expectBanned(await paint({ token: pat.token }, 5002));
    expectBanned(await buy({ token: pat.token }));
    expectBanned(await claim({ token: pat.token }));
    expectBanned(await api<ErrorBody>(t.app.baseUrl, 'GET', '/api/v1/users/me', { token: pat.token }));
    socket.ws.send(encodeRepaintRpc(7, 5003, 4));
    const rpc = await socket.result(7);
    expect(rpc.ok).toBe(false);
    expect(JSON.parse(new TextDecoder().decode(rpc.payload))).toMatchObject({ code: 'BANNED' });
    expect(await refusedSocket(t.app.wsUrl, me.body.websocketToken)).toBe(CloseCode.Banned);

    // The ban itself (already banned: nothing new to log) still closes the socket and sessions.
    expect((await api(t.url, 'PUT', '/api/v1/admin/ban/6001', { token: admin })).status).toBe(204);
    expect(await socket.closed).toBe(CloseCode.Banned);
    expect([401, 403]).toContain((await paint({ token: pat.token }, 5004)).status);
    const pixel = await api(t.app.baseUrl, 'GET', '/api/v1/image/get/5002');
    expect(pixel.body).toMatchObject({ owner: null });
  });

  it('signing in from Telegram says BANNED on paint, buy, claim and /users/me', async () => {
    const initData = initDataFor({ id: 6010, first_name: 'Kim' });
    await telegramSignIn(t.app.baseUrl, { id: 6010, first_name: 'Kim' });
    const me = await api<{ websocketToken: string }>(t.app.baseUrl, 'GET', '/api/v1/users/me', { initData });
    expect((await api(t.url, 'PUT', '/api/v1/admin/ban/6010', { token: admin })).status).toBe(204);
    expectBanned(await paint({ initData }, 5010));
    expectBanned(await buy({ initData }));
    expectBanned(await claim({ initData }));
    expectBanned(await api<ErrorBody>(t.app.baseUrl, 'GET', '/api/v1/users/me', { initData }));
    expect(await refusedSocket(t.app.wsUrl, me.body.websocketToken)).toBe(CloseCode.Banned);
  });
});
