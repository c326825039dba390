import { createAuthApi } from './api/auth.ts';
import { noticeBanned } from './api/banned.ts';
import { createHttpClient, type HttpClient } from './api/http.ts';
import { createLocalTokenStorage, type TokenStorage } from './api/tokens.ts';
import type { Platform } from './platform/types.ts';
import { signedOut } from './store/actions.ts';
import { fetchPublicConfig } from './store/configSlice.ts';
import { type AppStore, type AppThunk, createAppStore } from './store/index.ts';
import { fetchMiningStatus } from './store/miningSlice.ts';
import { initialSessionState, signInTelegram, tokensReceived } from './store/sessionSlice.ts';
import { initialUiState } from './store/uiSlice.ts';
import { fetchMe } from './store/userSlice.ts';

export { signInDev, signInTelegram, signInWidget } from './store/sessionSlice.ts';

export interface AppContext {
  store: AppStore;
  http: HttpClient;
  platform: Platform;
}

/** Wires HTTP client, auth API and store around one platform and one token storage. */
export function createAppContext(
  platform: Platform,
  options: { tokens?: TokenStorage; fetch?: typeof fetch } = {},
): AppContext {
  const tokens = options.tokens ?? createLocalTokenStorage();
  // The client and the store refer to each other; the closures run only after both exist.
  let store: AppStore | null = null;
  const http = createHttpClient({
    tokens,
    getInitData: () => store?.getState().session.initData ?? null,
    onTokens: (pair) => store?.dispatch(tokensReceived(pair)),
    onSignOut: () => store?.dispatch(signedOut()),
    onError: (error) => noticeBanned(error),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  store = createAppStore({
    extra: { http, auth: createAuthApi(http), tokens, platform },
    preloadedState: {
      session: initialSessionState(platform.kind === 'telegram', platform.initDataRaw, tokens.read()),
      ui: initialUiState(),
    },
  });
  return { store, http, platform };
}

/**
 * On boot: init data without a stored token is exchanged for one (that sign-in loads the player);
 * a stored token loads the player directly; guests load only the public config.
 */
export function bootSession(): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    void dispatch(fetchPublicConfig());
    const { session } = getState();
    if (!session.authToken && session.initData) {
      await dispatch(signInTelegram(session.initData));
      return;
    }
    if (session.signedIn) {
      await Promise.all([dispatch(fetchMe()), dispatch(fetchMiningStatus())]);
    }
  };
}

/** Forgets the tokens and resets everything bound to the player. */
export function signOut(): AppThunk {
  return (dispatch, _getState, extra) => {
    extra.tokens.clear();
    dispatch(signedOut());
  };
}
