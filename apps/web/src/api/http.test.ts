import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors.ts';
import { createHttpClient, REFRESH_FAILED_MESSAGE } from './http.ts';
import { createMemoryTokenStorage, type TokenStorage } from './tokens.ts';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const unauthorized = () =>
  json(401, { error: { code: 'UNAUTHORIZED', message: 'Token expired' }, requestId: 'req-401' });

function authOf(init: RequestInit): string | null {
  return new Headers(init.headers).get('Authorization');
}

function setup(handler: Handler, tokens: TokenStorage, initData: string | null = null) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(String(input), init ?? {})),
  );
  const onSignOut = vi.fn();
  const onTokens = vi.fn();
  const http = createHttpClient({
    tokens,
    getInitData: () => initData,
    onSignOut,
    onTokens,
    fetch: fetchMock as unknown as typeof fetch,
  });
  const calls = (path: string) =>
    fetchMock.mock.calls.filter(([url]) => String(url).startsWith(`/api/v1${path}`));
  return { http, fetchMock, onSignOut, onTokens, calls };
}

const REFRESH_OK = {
  success: true,
  token: 'new-token',
  refresh_token: 'new-refresh-token-123',
  expiresIn: 3600,
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('auth header', () => {
  it('sends no Authorization header without credentials', async () => {
    const { http, fetchMock } = setup(() => json(200, { ok: true }), createMemoryTokenStorage());
    await expect(http.get('/users/stats')).resolves.toEqual({ ok: true });
    expect(authOf(fetchMock.mock.calls[0]![1]!)).toBeNull();
  });

  it('sends the Mini App init data when there is no bearer token', async () => {
    const { http, fetchMock } = setup(() => json(200, {}), createMemoryTokenStorage(), 'query_id=1&hash=abc');
    await http.get('/users/me');
    expect(authOf(fetchMock.mock.calls[0]![1]!)).toBe('initData query_id=1&hash=abc');
  });

  it('prefers a stored bearer token over init data', async () => {
    const tokens = createMemoryTokenStorage({ authToken: 'tok', refreshToken: 'ref' });
    const { http, fetchMock } = setup(() => json(200, {}), tokens, 'query_id=1');
    await http.get('/users/me');
    expect(authOf(fetchMock.mock.calls[0]![1]!)).toBe('Bearer tok');
  });

  it('sends no credentials on calls marked auth: false', async () => {
    const tokens = createMemoryTokenStorage({ authToken: 'tok', refreshToken: 'ref' });
    const { http, fetchMock } = setup(() => json(200, {}), tokens, 'query_id=1');
    await http.get('/config', { auth: false });
    expect(authOf(fetchMock.mock.calls[0]![1]!)).toBeNull();
  });
});

describe('401 with a bearer token', () => {
  it('refreshes once for concurrent failures and retries each with the new token', async () => {
    const tokens = createMemoryTokenStorage({ authToken: 'old-token', refreshToken: 'refresh-token-123456' });
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const { http, calls, onTokens, onSignOut } = setup(async (url, init) => {
      if (url.endsWith('/auth/telegram/refresh')) {
        expect(JSON.parse(String(init.body))).toEqual({ refresh_token: 'refresh-token-123456' });
        await refreshGate;
        return json(200, REFRESH_OK);
      }
      return authOf(init) === 'Bearer new-token' ? json(200, { url }) : unauthorized();
    }, tokens);

    const pending = Promise.all([
      http.get('/users/me'),
      http.get('/mining/status'),
      http.get('/users/stats'),
    ]);
    await vi.waitFor(() => expect(calls('/auth/telegram/refresh')).toHaveLength(1));
    releaseRefresh();
    const results = await pending;

    expect(results).toHaveLength(3);
    expect(calls('/auth/telegram/refresh')).toHaveLength(1);
    expect(calls('/users/me')).toHaveLength(2);
    expect(tokens.read()).toEqual({ authToken: 'new-token', refreshToken: 'new-refresh-token-123' });
    expect(onTokens).toHaveBeenCalledTimes(1);
    expect(onSignOut).not.toHaveBeenCalled();
  });

  it('a call failing after the refresh finished retries with the new token without refreshing again', async () => {
    const tokens = createMemoryTokenStorage({ authToken: 'old-token', refreshToken: 'refresh-token-123456' });
    const { http, calls } = setup(
      (url, init) =>
        url.endsWith('/refresh')
          ? json(200, REFRESH_OK)
          : authOf(init) === 'Bearer new-token'
            ? json(200, {})
            : unauthorized(),
      tokens,
    );
    await http.get('/users/me');
    await http.get('/users/me');
    expect(calls('/auth/telegram/refresh')).toHaveLength(1);
  });

  it('clears tokens and signs out when the refresh fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const tokens = createMemoryTokenStorage({ authToken: 'old-token', refreshToken: 'refresh-token-123456' });
    const { http, calls, onSignOut } = setup(
      (url) =>
        url.endsWith('/refresh')
          ? json(401, { error: { code: 'INVALID_REFRESH_TOKEN', message: 'no' } })
          : unauthorized(),
      tokens,
    );

    const results = await Promise.allSettled([http.get('/users/me'), http.get('/mining/status')]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const reason = (result as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(ApiError);
      expect(reason).toMatchObject({ status: 401, code: 'UNAUTHORIZED', requestId: 'req-401' });
    }
    expect(calls('/auth/telegram/refresh')).toHaveLength(1);
    expect(tokens.read()).toEqual({ authToken: null, refreshToken: null });
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(REFRESH_FAILED_MESSAGE);
  });

  it('treats a 200 refresh without success as a failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const tokens = createMemoryTokenStorage({ authToken: 'old-token', refreshToken: 'refresh-token-123456' });
    const { http, onSignOut } = setup(
      (url) => (url.endsWith('/refresh') ? json(200, { success: false }) : unauthorized()),
      tokens,
    );
    await expect(http.get('/users/me')).rejects.toMatchObject({ status: 401 });
    expect(tokens.read().authToken).toBeNull();
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('signs out when the retry is refused again', async () => {
    const tokens = createMemoryTokenStorage({ authToken: 'old-token', refreshToken: 'refresh-token-123456' });
    const { http, calls, onSignOut } = setup(
      (url) => (url.endsWith('/refresh') ? json(200, REFRESH_OK) : unauthorized()),
      tokens,
    );
    await expect(http.get('/users/me')).rejects.toMatchObject({ status: 401 });
    expect(calls('/users/me')).toHaveLength(2);
    expect(calls('/auth/telegram/refresh')).toHaveLength(1);
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(tokens.read()).toEqual({ authToken: null, refreshToken: null });
  });

  it('does not refresh on a 401 that was sent with init data', async () => {
    const { http, calls, onSignOut } = setup(() => unauthorized(), createMemoryTokenStorage(), 'query_id=1');
    await expect(http.get('/users/me')).rejects.toMatchObject({ status: 401 });
    expect(calls('/auth/telegram/refresh')).toHaveLength(0);
    expect(onSignOut).not.toHaveBeenCalled();
  });
});

describe('errors and cancellation', () => {
  it('parses the error body into an ApiError', async () => {
    const { http } = setup(
      () => json(409, { error: { code: 'NO_CHARGES', message: 'No charges left' }, requestId: 'r-1' }),
      createMemoryTokenStorage(),
    );
    const error = await http
      .post('/repaint/start', { pixelId: 1, newColor: '#FFFFFF' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'NO_CHARGES',
      message: 'No charges left',
      requestId: 'r-1',
    });
  });

  it('reports network failures as NETWORK errors', async () => {
    const { http } = setup(() => {
      throw new TypeError('Failed to fetch');
    }, createMemoryTokenStorage());
    await expect(http.get('/users/stats')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });

  it('passes the AbortSignal through and rejects with an AbortError', async () => {
    const controller = new AbortController();
    const { http, fetchMock } = setup(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
      createMemoryTokenStorage(),
    );
    const call = http.get('/ratings/leaderboard', {
      signal: controller.signal,
      query: { period: 'day', offset: 0 },
    });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/ratings/leaderboard?period=day&offset=0');
  });

  it('returns undefined for an empty 204 body', async () => {
    const { http } = setup(() => new Response(null, { status: 204 }), createMemoryTokenStorage());
    await expect(http.put('/admin/ban/5')).resolves.toBeUndefined();
  });
});
