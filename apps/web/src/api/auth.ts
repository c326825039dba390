import type { LoginWidgetBody, PublicConfig, TokenResponse } from '@pixel-wall/shared';
import type { HttpClient } from './http.ts';
import { checked } from './schemas.ts';

export interface AuthApi {
  /** Exchanges Mini App init data for tokens. */
  signInWithInitData(initData: string): Promise<TokenResponse>;
  /** Exchanges the Telegram Login Widget payload for tokens (website). */
  signInWithWidget(payload: LoginWidgetBody): Promise<TokenResponse>;
  /** Local demo sign-in; the server only allows it without a bot token. */
  devSignIn(firstName: string, startParam?: string | null): Promise<TokenResponse>;
  getPublicConfig(): Promise<PublicConfig>;
}

const UNEXPECTED = 'Unexpected response from the server';

export function createAuthApi(http: HttpClient): AuthApi {
  const tokens = (path: string, body: unknown) =>
    checked((s) => s.tokenResponse, http.post(path, body, { auth: false }), UNEXPECTED);
  return {
    signInWithInitData: (initData) => tokens('/auth/telegram', { initData }),
    signInWithWidget: (payload) => tokens('/auth/telegram/widget', payload),
    devSignIn: (firstName, startParam) =>
      tokens('/auth/dev', startParam ? { firstName, startParam } : { firstName }),
    getPublicConfig: () =>
      checked((s) => s.publicConfigResponse, http.get('/config', { auth: false }), UNEXPECTED),
  };
}
