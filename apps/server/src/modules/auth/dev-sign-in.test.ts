import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import {
  api,
  createTestStore,
  type RunningApp,
  startApp,
  type TestStore,
  testConfig,
} from '../../testing/harness.ts';

const ADMIN = 7_100_001;

describe('dev sign-in', () => {
  let store: TestStore;
  let run: RunningApp;

  beforeAll(async () => {
    store = await createTestStore('pglite');
    run = await startApp(store, testConfig({ TELEGRAM_BOT_TOKEN: '', ADMIN_IDS: String(ADMIN) }));
  });
  afterAll(async () => {
    await run?.stop();
    await store?.dispose();
  });

  const signIn = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    api<{ token: string; refresh_token: string; error: { code: string } }>(
      run.baseUrl,
      'POST',
      '/api/v1/auth/dev',
      {
        body,
        headers,
      },
    );

  it('signs in a direct loopback caller', async () => {
    expect((await signIn({ firstName: 'Dev' })).status).toBe(200);
  });

  it.each([
    ['forwarded', 'for=203.0.113.7'],
    ['x-forwarded-for', '203.0.113.7'],
    ['x-real-ip', '203.0.113.7'],
    ['x-forwarded-host', 'wall.example'],
    ['via', '1.1 proxy'],
  ])('refuses a request that came through a proxy (%s)', async (header, value) => {
    const r = await signIn({ firstName: 'Dev', id: ADMIN }, { [header]: value });
    expect([r.status, r.body.error.code]).toEqual([403, 'DEV_SIGN_IN_DISABLED']);
  });

  /** A dev sign-in with this Host header, as a page at that name would send it. */
  const signInAt = (host: string) =>
    new Promise<{ status: number; code: string | undefined }>((resolve, reject) => {
      const body = JSON.stringify({ firstName: 'Dev' });
      const req = http.request(
        `${run.baseUrl}/api/v1/auth/dev`,
        {
          method: 'POST',
          headers: { host, 'content-type': 'application/json', 'content-length': body.length },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => {
            text += c.toString();
          });
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              code: (JSON.parse(text) as { error?: { code: string } }).error?.code,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  it.each(['localhost', 'localhost:5173', '127.0.0.1:8080', '127.1.2.3', '[::1]:8080', '[::1]'])(
    'answers a page opened at a loopback host (%s)',
    async (host) => {
      expect((await signInAt(host)).status).toBe(200);
    },
  );

  it.each([
    'evil.example',
    'evil.example:8080',
    'localhost.evil.example',
    '127.0.0.1.nip.io',
    'localhost@evil.example',
    '0.0.0.0:8080',
    '192.168.1.5',
  ])('refuses any other Host, as a rebound DNS name would send (%s)', async (host) => {
    expect(await signInAt(host)).toEqual({ status: 403, code: 'DEV_SIGN_IN_DISABLED' });
  });

  it("reads no country from a client's own header", async () => {
    const r = await signIn({ firstName: 'Dev' });
    const me = await api<{ country: string | null }>(run.baseUrl, 'GET', '/api/v1/users/me', {
      token: r.body.token,
      headers: { 'cf-ipcountry': 'DE' },
    });
    expect(me.status).toBe(200);
    expect(me.body.country).toBeNull();
  });

  it('is off when PUBLIC_URL is not a loopback URL', () => {
    const env = { HOST: '127.0.0.1' };
    expect(loadConfig(env).devSignIn).toBe(true);
    expect(loadConfig({ ...env, PUBLIC_URL: 'http://127.0.0.1:8080' }).devSignIn).toBe(true);
    expect(loadConfig({ ...env, PUBLIC_URL: 'http://localhost:8080' }).devSignIn).toBe(true);
    expect(loadConfig({ ...env, PUBLIC_URL: 'https://wall.example' }).devSignIn).toBe(false);
  });
});

describe('a dev session is never staff', () => {
  let store: TestStore;
  let run: RunningApp;

  beforeAll(async () => {
    store = await createTestStore('pglite');
    run = await startApp(store, testConfig({ TELEGRAM_BOT_TOKEN: '', ADMIN_IDS: String(ADMIN) }));
  });
  afterAll(async () => {
    await run?.stop();
    await store?.dispose();
  });

  it('signs an ADMIN_IDS id in as a player, also after a refresh', async () => {
    const r = await api<{ token: string; refresh_token: string }>(run.baseUrl, 'POST', '/api/v1/auth/dev', {
      body: { firstName: 'Mallory', id: ADMIN },
    });
    expect(r.status).toBe(200);
    const refreshed = await api<{ token: string }>(run.baseUrl, 'POST', '/api/v1/auth/telegram/refresh', {
      body: { refresh_token: r.body.refresh_token },
    });
    expect(refreshed.status).toBe(200);
    for (const token of [r.body.token, refreshed.body.token]) {
      const me = await api<{ role: string }>(run.baseUrl, 'GET', '/api/v1/admin/me', { token });
      expect(me.body.role).toBe('player');
      const user = await api<{ isAdmin: boolean }>(run.baseUrl, 'GET', '/api/v1/users/me', { token });
      expect(user.body.isAdmin).toBe(false);
      const squad = await api<{ error: { code: string } }>(run.baseUrl, 'POST', '/api/v1/admin/squads', {
        token,
        body: {
          name: 'Owned',
          slug: `owned_${token.length}${Math.random().toString(36).slice(2, 6)}`,
          logo: null,
        },
      });
      expect([squad.status, squad.body.error.code]).toEqual([403, 'FORBIDDEN']);
      const ban = await api(run.baseUrl, 'PUT', '/api/v1/admin/ban/1', { token, body: {} });
      expect(ban.status).toBe(403);
    }
  });
});
