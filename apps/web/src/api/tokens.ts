import { readLocal, writeLocal } from '../platform/storage.ts';

export const AUTH_TOKEN_KEY = 'authToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';

export interface TokenPair {
  authToken: string;
  refreshToken: string;
}

export interface StoredTokens {
  authToken: string | null;
  refreshToken: string | null;
}

/** Where the bearer and refresh tokens live between visits. */
export interface TokenStorage {
  read(): StoredTokens;
  write(pair: TokenPair): void;
  clear(): void;
}

export function createLocalTokenStorage(): TokenStorage {
  return {
    read: () => ({ authToken: readLocal(AUTH_TOKEN_KEY), refreshToken: readLocal(REFRESH_TOKEN_KEY) }),
    write(pair) {
      writeLocal(AUTH_TOKEN_KEY, pair.authToken);
      writeLocal(REFRESH_TOKEN_KEY, pair.refreshToken);
    },
    clear() {
      writeLocal(AUTH_TOKEN_KEY, null);
      writeLocal(REFRESH_TOKEN_KEY, null);
    },
  };
}

/** In-memory storage for tests and for hosts where localStorage is off. */
export function createMemoryTokenStorage(initial: Partial<StoredTokens> = {}): TokenStorage {
  let tokens: StoredTokens = {
    authToken: initial.authToken ?? null,
    refreshToken: initial.refreshToken ?? null,
  };
  return {
    read: () => ({ ...tokens }),
    write(pair) {
      tokens = { ...pair };
    },
    clear() {
      tokens = { authToken: null, refreshToken: null };
    },
  };
}
