import type { AuthApi } from '../api/auth.ts';
import type { HttpClient } from '../api/http.ts';
import type { TokenStorage } from '../api/tokens.ts';
import type { Platform } from '../platform/types.ts';

/** Services handed to every thunk, so tests can swap them without module mocks. */
export interface ThunkExtra {
  http: HttpClient;
  auth: AuthApi;
  tokens: TokenStorage;
  platform: Platform;
}
