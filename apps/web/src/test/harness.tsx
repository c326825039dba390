import type { MiningStatus, User } from '@pixel-wall/shared';
import { render } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { createMemoryRouter, type DataRouter, type RouteObject } from 'react-router';
import en from '../../public/locales/en.json';
import { App } from '../App.tsx';
import { createMemoryTokenStorage, type TokenStorage } from '../api/tokens.ts';
import type { TonWalletConnector } from '../features/wallet/connector.ts';
import { WalletProvider } from '../features/wallet/WalletContext.tsx';
import { createI18n } from '../i18n/index.ts';
import type { Platform } from '../platform/types.ts';
import { createWebPlatform } from '../platform/web.ts';
import { routes } from '../routes.tsx';
import { type AppContext, createAppContext } from '../session.ts';

export type FetchHandler = (path: string, init: RequestInit) => Response | undefined;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const TEST_CONFIG = {
  devSignIn: true,
  botUsername: null,
  appUrl: null,
  contactEmail: 'team@example.test',
};

/**
 * A fetch that answers the public config, the saving of a signed-in player's language (which the
 * app sends for a player with none stored), and whatever `handler` knows; everything else 404s.
 */
export function fakeFetch(handler: FetchHandler = () => undefined) {
  return async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const path = String(input).replace(/^\/api\/v1/, '');
    const answer = handler(path, init);
    if (answer) return answer;
    if (path === '/config') return json(200, TEST_CONFIG);
    const url = new URL(path, 'http://test.local');
    if (url.pathname === '/users/localization') {
      return json(200, { success: true, locale: url.searchParams.get('loc') });
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' }, requestId: 'test' });
  };
}

export async function createTestI18n(missing: string[] = []): Promise<I18n> {
  return createI18n('en', {
    resources: { en: { translation: en } },
    onMissingKey: (key) => missing.push(key),
  });
}

export interface TestAppOptions {
  fetch?: FetchHandler;
  tokens?: TokenStorage;
  platform?: Platform;
}

export function createTestContext(options: TestAppOptions = {}): AppContext {
  return createAppContext(options.platform ?? createWebPlatform(''), {
    tokens: options.tokens ?? createMemoryTokenStorage(),
    fetch: fakeFetch(options.fetch),
  });
}

/** A wallet connector with nothing connected and no wallet to connect to. */
export const OFFLINE_WALLET: TonWalletConnector = {
  current: async () => null,
  injectedWallets: async () => [],
  connect: async () => null,
  send: async () => {
    throw new Error('no wallet in tests');
  },
  disconnect: async () => {},
  subscribe: () => () => {},
};

/** `tree` with every page's code already loaded, as the router leaves a route once it has it. */
async function withPagesLoaded(tree: RouteObject[]): Promise<RouteObject[]> {
  return Promise.all(
    tree.map(async ({ lazy, children, ...route }): Promise<RouteObject> => {
      const loaded = typeof lazy === 'function' ? await lazy() : {};
      if (route.index) return { ...route, ...loaded };
      return { ...route, ...loaded, ...(children ? { children: await withPagesLoaded(children) } : {}) };
    }),
  );
}

/** The app's routes with their pages loaded up front: a test sees its page on the first render. */
const LOADED_ROUTES = await withPagesLoaded(routes);

/** Renders the whole app (layout, store, translations) around `router`. */
export function renderWithRouter(router: DataRouter, context: AppContext, i18n: I18n) {
  // No test reaches the TON Connect servers: pages see a wallet that is not connected.
  return render(
    <WalletProvider connector={OFFLINE_WALLET}>
      <App context={context} i18n={i18n} router={router} />
    </WalletProvider>,
  );
}

/**
 * Renders the whole app at `path` with an in-memory router. Pages are loaded already;
 * `routes.test.tsx` covers loading them on demand.
 */
export function renderApp(path: string, context: AppContext, i18n: I18n) {
  const router = createMemoryRouter(LOADED_ROUTES, { initialEntries: [path] });
  return { ...renderWithRouter(router, context, i18n), router };
}

export function miningStatus(overrides: Partial<MiningStatus> = {}): MiningStatus {
  return {
    charges: 0,
    maxCharges: 5,
    reChargeSpeed: 600_000,
    reChargeTimer: 240_000,
    reChargeTs: 0,
    addedCharges: 0,
    coins: 0,
    speedPerSecond: 0.0042,
    fromStart: 0,
    fromUpdate: 0,
    maxMiningTime: 28_800,
    walletVerification: false,
    boosts: [],
    tasks: [],
    ...overrides,
  };
}

export function user(overrides: Partial<User> = {}): User {
  return {
    id: 42,
    firstName: 'Ada',
    userName: 'ada',
    userPic: null,
    league: 'bronze',
    rank: 0,
    squad: null,
    friends: 0,
    repaints: 0,
    achievements: {},
    balance: 0,
    balance_share_percent: 0,
    locale: null,
    languageCode: 'en',
    country: null,
    websocketToken: 'ws-token',
    walletAddress: null,
    pixelCoins: 0,
    isPremium: false,
    isAdmin: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const SIGNED_IN = { authToken: 'auth-token', refreshToken: 'refresh-token-123456' } as const;
