/** Test helpers for the player screens: a fetch whose answers the test releases one by one. */
import type { User } from '@pixel-wall/shared';
import { createMemoryTokenStorage } from '../api/tokens.ts';
import type { Platform } from '../platform/types.ts';
import { createWebPlatform } from '../platform/web.ts';
import { type AppContext, createAppContext } from '../session.ts';
import { fetchMe } from '../store/userSlice.ts';
import { json, SIGNED_IN, TEST_CONFIG, user } from './harness.tsx';

export interface HeldCall {
  path: string;
  query: URLSearchParams;
  init: RequestInit;
  respond: (status: number, body?: unknown) => void;
}

export type QuickAnswer = (path: string, query: URLSearchParams, init: RequestInit) => Response | undefined;

/**
 * Calls `quick` answers at once; every other API call waits in `held` until the test responds,
 * and rejects with an AbortError when its signal aborts, as fetch does.
 */
export function heldFetch(quick: QuickAnswer = () => undefined) {
  const held: HeldCall[] = [];
  const all: HeldCall[] = [];
  const fetch = (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://test.local');
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const call: HeldCall = { path, query: url.searchParams, init, respond: () => {} };
    all.push(call);
    const answer =
      quick(path, url.searchParams, init) ?? (path === '/config' ? json(200, TEST_CONFIG) : undefined);
    if (answer) return Promise.resolve(answer);
    held.push(call);
    return new Promise<Response>((resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      call.respond = (status, body) =>
        resolve(status === 204 ? new Response(null, { status }) : json(status, body));
    });
  };
  /** The held calls to `path`, oldest first. */
  const to = (path: string) => held.filter((call) => call.path === path);
  return { fetch, held, all, to };
}

export interface PlayerContextOptions {
  player?: Partial<User> | null;
  quick?: QuickAnswer;
  platform?: Platform;
}

/** An app context with the player signed in and loaded (or a guest for `player: null`). */
export function playerContext(options: PlayerContextOptions = {}) {
  const net = heldFetch(options.quick);
  const signedIn = options.player !== null;
  const context: AppContext = createAppContext(options.platform ?? createWebPlatform(''), {
    tokens: createMemoryTokenStorage(signedIn ? SIGNED_IN : {}),
    fetch: net.fetch,
  });
  if (signedIn) context.store.dispatch(fetchMe.fulfilled(user(options.player ?? {}), 'test', undefined));
  return { context, net };
}
