import {
  type LoginWidgetBody,
  type PublicConfig,
  publicConfigResponse,
  type TokenResponse,
  tokenResponse,
} from '@pixel-wall/shared';
import { ApiError } from './errors.ts';
import type { HttpClient } from './http.ts';

export interface AuthApi {
  /** Exchanges Mini App init data for tokens. */
  signInWithInitData(initData: string): Promise<TokenResponse>;
  /** Exchanges the Telegram Login Widget payload for tokens (website). */
  signInWithWidget(payload: LoginWidgetBody): Promise<TokenResponse>;
  /** Local demo sign-in; the server only allows it without a bot token. */
  devSignIn(firstName: string, startParam?: string | null): Promise<TokenResponse>;
  getPublicConfig(): Promise<PublicConfig>;
}

function checked<T>(
  parse: (value: unknown) => { success: true; data: T } | { success: false },
  value: unknown,
): T {
  const result = parse(value);
  if (!result.success) throw new ApiError(200, 'BAD_RESPONSE', 'Unexpected response from the server');
  return result.data;
}

export function createAuthApi(http: HttpClient): AuthApi {
  const tokens = async (path: string, body: unknown) =>
    checked((v) => tokenResponse.safeParse(v), await http.post(path, body, { auth: false }));
  return {
    signInWithInitData: (initData) => tokens('/auth/telegram', { initData }),
    signInWithWidget: (payload) => tokens('/auth/telegram/widget', payload),
    devSignIn: (firstName, startParam) =>
      tokens('/auth/dev', startParam ? { firstName, startParam } : { firstName }),
    getPublicConfig: async () =>
      checked((v) => publicConfigResponse.safeParse(v), await http.get('/config', { auth: false })),
  };
}
