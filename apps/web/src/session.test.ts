import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryTokenStorage } from './api/tokens.ts';
import type { Platform } from './platform/types.ts';
import { createWebPlatform } from './platform/web.ts';
import { bootSession, signInDev, signOut } from './session.ts';
import { fetchMe } from './store/userSlice.ts';
import { createTestContext, json, miningStatus, SIGNED_IN, user } from './test/harness.tsx';

const TOKENS = { success: true, token: 'fresh-token', refresh_token: 'fresh-refresh-token', expiresIn: 3600 };

function telegramPlatform(initDataRaw: string): Platform {
  return { ...createWebPlatform(''), kind: 'telegram', initDataRaw };
}

function recorder(extra: (path: string, init: RequestInit) => Response | undefined = () => undefined) {
  const calls: { path: string; auth: string | null; body: unknown }[] = [];
  const fetch = (path: string, init: RequestInit) => {
    calls.push({
      path,
      auth: new Headers(init.headers).get('Authorization'),
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    const answer = extra(path, init);
    if (answer) return answer;
    if (path === '/users/me') return json(200, user());
    if (path === '/mining/status') return json(200, miningStatus());
    return undefined;
  };
  return { calls, fetch };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('bootSession', () => {
  it('exchanges Mini App init data for tokens, then loads the player with the bearer', async () => {
    const { calls, fetch } = recorder((path) => (path === '/auth/telegram' ? json(200, TOKENS) : undefined));
    const tokens = createMemoryTokenStorage();
    const { store } = createTestContext({ platform: telegramPlatform('query_id=1&hash=ab'), tokens, fetch });

    await store.dispatch(bootSession());
    await vi.waitFor(() => expect(store.getState().user.status).toBe('fulfilled'));

    expect(calls.find((c) => c.path === '/auth/telegram')?.body).toEqual({ initData: 'query_id=1&hash=ab' });
    expect(tokens.read()).toEqual({ authToken: 'fresh-token', refreshToken: 'fresh-refresh-token' });
    expect(store.getState().session).toMatchObject({ signedIn: true, status: 'fulfilled', isTMA: true });
    expect(calls.find((c) => c.path === '/users/me')?.auth).toBe('Bearer fresh-token');
    await vi.waitFor(() => expect(store.getState().mining.charges?.maxCharges).toBe(5));
  });

  it('uses a stored token directly', async () => {
    const { calls, fetch } = recorder();
    const { store } = createTestContext({ tokens: createMemoryTokenStorage(SIGNED_IN), fetch });
    await store.dispatch(bootSession());
    expect(calls.map((c) => c.path)).not.toContain('/auth/telegram');
    expect(store.getState().user.data?.firstName).toBe('Ada');
    expect(store.getState().mining.status).toBe('fulfilled');
  });

  it('leaves a guest a guest, with the public config loaded', async () => {
    const { calls, fetch } = recorder();
    const { store } = createTestContext({ fetch });
    await store.dispatch(bootSession());
    await vi.waitFor(() => expect(store.getState().config.status).toBe('fulfilled'));
    expect(store.getState().session.signedIn).toBe(false);
    expect(calls.map((c) => c.path)).toEqual(['/config']);
  });

  it('logs a failed sign-in and stays signed out', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { fetch } = recorder((path) =>
      path === '/auth/telegram'
        ? json(401, { error: { code: 'INVALID_INIT_DATA', message: 'bad' }, requestId: 'r' })
        : undefined,
    );
    const { store } = createTestContext({ platform: telegramPlatform('bad'), fetch });
    await store.dispatch(bootSession());
    expect(store.getState().session).toMatchObject({ signedIn: false, status: 'rejected' });
    expect(store.getState().session.error?.code).toBe('INVALID_INIT_DATA');
    expect(warn).toHaveBeenCalled();
  });
});

describe('sign-in and sign-out', () => {
  it('dev sign-in sends the name and start parameter', async () => {
    const { calls, fetch } = recorder((path) => (path === '/auth/dev' ? json(200, TOKENS) : undefined));
    const { store } = createTestContext({ fetch });
    await store.dispatch(signInDev({ firstName: 'Ada', startParam: 'f12' }));
    expect(calls.find((c) => c.path === '/auth/dev')?.body).toEqual({ firstName: 'Ada', startParam: 'f12' });
    expect(calls.find((c) => c.path === '/auth/dev')?.auth).toBeNull();
    expect(store.getState().session.signedIn).toBe(true);
  });

  it('signOut forgets tokens and resets the player', async () => {
    const tokens = createMemoryTokenStorage(SIGNED_IN);
    const { store } = createTestContext({ tokens, fetch: recorder().fetch });
    await store.dispatch(bootSession());
    store.dispatch(signOut());
    expect(tokens.read()).toEqual({ authToken: null, refreshToken: null });
    expect(store.getState().session.signedIn).toBe(false);
    expect(store.getState().user.data).toBeNull();
    expect(store.getState().mining.charges).toBeNull();
  });

  it('a failed refresh signs the store out', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const unauthorized = () =>
      json(401, { error: { code: 'UNAUTHORIZED', message: 'expired' }, requestId: 'r' });
    const { fetch } = recorder((path) =>
      path === '/auth/telegram/refresh' || path === '/users/me' ? unauthorized() : undefined,
    );
    const tokens = createMemoryTokenStorage(SIGNED_IN);
    const { store } = createTestContext({ tokens, fetch });
    await store.dispatch(fetchMe());
    expect(store.getState().session.signedIn).toBe(false);
    expect(tokens.read().authToken).toBeNull();
  });
});

describe('fetchMe', () => {
  it('rejects with the error field of the body', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { fetch } = recorder((path) =>
      path === '/users/me' ? json(200, { error: { code: 'BANNED', message: 'Banned' } }) : undefined,
    );
    const { store } = createTestContext({ tokens: createMemoryTokenStorage(SIGNED_IN), fetch });
    await store.dispatch(fetchMe());
    expect(store.getState().user).toMatchObject({
      status: 'rejected',
      data: null,
      error: { code: 'BANNED' },
    });
  });
});
