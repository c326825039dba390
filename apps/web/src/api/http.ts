import { API_PREFIX } from '@pixel-wall/shared/core';
import { ApiError, apiErrorFromResponse, isAbortError } from './errors.ts';
import { loadSchemas } from './schemas.ts';
import type { TokenPair, TokenStorage } from './tokens.ts';

export { ApiError } from './errors.ts';

export const REFRESH_PATH = '/auth/telegram/refresh';
export const REFRESH_FAILED_MESSAGE = "Can't get new auth token with refresh token";

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON, or as raw bytes when it is a Blob, ArrayBuffer or typed array. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** False for sign-in calls: no Authorization header and no refresh on 401. */
  auth?: boolean;
}

export interface HttpClient {
  /** Parsed JSON body (undefined for an empty body); throws ApiError on non-2xx. */
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  /** The successful Response itself, for binary endpoints; throws ApiError on non-2xx. */
  requestRaw(path: string, options?: RequestOptions): Promise<Response>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
}

export interface HttpClientOptions {
  tokens: TokenStorage;
  /** Mini App init data, used as the credential while there is no bearer token. */
  getInitData: () => string | null;
  /** New tokens after a refresh, so the store can mirror them. */
  onTokens?: (pair: TokenPair) => void;
  /** Credentials are gone for good: the store should sign the player out. */
  onSignOut?: () => void;
  /** every refused call, before it is thrown (e.g. a ban must be explained wherever it surfaces) */
  onError?: (error: ApiError) => void;
  fetch?: typeof fetch;
  baseUrl?: string;
}

type Credential = { kind: 'bearer'; token: string } | { kind: 'initData'; raw: string } | null;

function isBinary(body: unknown): body is BodyInit {
  return (
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    (typeof Blob !== 'undefined' && body instanceof Blob)
  );
}

function buildUrl(base: string, path: string, query: RequestOptions['query']): string {
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { tokens, getInitData, onTokens, onSignOut } = options;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const base = options.baseUrl ?? API_PREFIX;
  // One refresh in flight at a time; every call that failed with the same token waits for it.
  let refreshing: Promise<string | null> | null = null;

  function signOut(): void {
    tokens.clear();
    onSignOut?.();
  }

  async function send(path: string, opts: RequestOptions, credential: Credential): Promise<Response> {
    const headers = new Headers({ Accept: 'application/json', ...opts.headers });
    if (credential?.kind === 'bearer') headers.set('Authorization', `Bearer ${credential.token}`);
    else if (credential?.kind === 'initData') headers.set('Authorization', `initData ${credential.raw}`);
    else headers.delete('Authorization');

    let body: BodyInit | undefined;
    if (isBinary(opts.body)) {
      body = opts.body;
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/octet-stream');
    } else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers.set('Content-Type', 'application/json');
    }
    const init: RequestInit = { method: opts.method ?? (body === undefined ? 'GET' : 'POST'), headers };
    if (body !== undefined) init.body = body;
    if (opts.signal) init.signal = opts.signal;
    try {
      return await doFetch(buildUrl(base, path, opts.query), init);
    } catch (error) {
      if (isAbortError(error) || opts.signal?.aborted) throw error;
      throw new ApiError(0, 'NETWORK', error instanceof Error ? error.message : 'Network error');
    }
  }

  async function refresh(): Promise<string | null> {
    const { refreshToken } = tokens.read();
    if (refreshToken) {
      // A network failure here is not a verdict on the token: let the call fail, keep the session.
      const response = await send(
        REFRESH_PATH,
        { method: 'POST', body: { refresh_token: refreshToken } },
        null,
      );
      if (response.status === 200) {
        const [body, { tokenResponse }] = await Promise.all([
          response.json().catch(() => null),
          loadSchemas(),
        ]);
        const parsed = tokenResponse.safeParse(body);
        if (parsed.success) {
          const pair = { authToken: parsed.data.token, refreshToken: parsed.data.refresh_token };
          tokens.write(pair);
          onTokens?.(pair);
          return pair.authToken;
        }
      }
    }
    console.error(REFRESH_FAILED_MESSAGE);
    signOut();
    return null;
  }

  /** A fresh token to retry with after `failed` was refused, or null when signed out. */
  function tokenAfter(failed: string): Promise<string | null> {
    const current = tokens.read().authToken;
    // Another call already refreshed (new token) or gave up (null).
    if (current !== failed) return Promise.resolve(current);
    refreshing ??= refresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function execute(path: string, opts: RequestOptions): Promise<Response> {
    if (opts.auth === false) return send(path, opts, null);
    const { authToken } = tokens.read();
    const initData = getInitData();
    if (!authToken) return send(path, opts, initData ? { kind: 'initData', raw: initData } : null);

    const first = await send(path, opts, { kind: 'bearer', token: authToken });
    if (first.status !== 401) return first;
    const fresh = await tokenAfter(authToken);
    if (!fresh) return first;
    const retry = await send(path, opts, { kind: 'bearer', token: fresh });
    if (retry.status === 401) signOut();
    return retry;
  }

  async function requestRaw(path: string, opts: RequestOptions = {}): Promise<Response> {
    const response = await execute(path, opts);
    if (!response.ok) {
      const error = await apiErrorFromResponse(response);
      options.onError?.(error);
      throw error;
    }
    return response;
  }

  async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    const response = await requestRaw(path, opts);
    const text = response.status === 204 ? '' : await response.text();
    if (!text) return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ApiError(response.status, 'BAD_RESPONSE', 'The server sent a response that is not JSON');
    }
  }

  return {
    request,
    requestRaw,
    get: (path, opts) => request(path, { ...opts, method: 'GET' }),
    post: (path, body, opts) => request(path, { ...opts, method: 'POST', body }),
    put: (path, body, opts) => request(path, { ...opts, method: 'PUT', body }),
  };
}
