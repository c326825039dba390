import { isErrorCode } from '@pixel-wall/shared/core';
import type { TFunction } from 'i18next';
import { ApiError } from '../api/http.ts';

/** Codes whose cause the player can act on get their own words; the rest get the screen's text. */
const KNOWN: Readonly<Record<string, string>> = {
  NETWORK: 'profile.errors.network',
  RATE_LIMITED: 'profile.errors.rateLimited',
  BANNED: 'profile.errors.banned',
  UNAUTHORIZED: 'profile.errors.signIn',
};

export function failureText(t: TFunction, error: unknown, fallbackKey: string): string {
  const key = error instanceof ApiError ? KNOWN[error.code] : undefined;
  return t(key ?? fallbackKey);
}

/**
 * The locale key of a server error code (packages/shared ERROR_CODES) or of the client's NETWORK:
 * the server sends codes, the player reads the text in their language. Null for other codes.
 */
export function serverErrorKey(code: string): string | null {
  return isErrorCode(code) || code === 'NETWORK' ? `serverErrors.${code}` : null;
}

function codeOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : null;
}

/**
 * What a failed call (ApiError, RPC error, or anything with a `code`) says to the player: the text
 * of its code in their language, else the screen's `fallbackKey`.
 */
export function errorText(t: TFunction, error: unknown, fallbackKey: string): string {
  const code = codeOf(error);
  const key = code ? serverErrorKey(code) : null;
  return t(key ?? fallbackKey);
}

/** Codes meaning the player is not (or no longer) signed in. */
const AUTH_CODES: ReadonlySet<string> = new Set([
  'UNAUTHORIZED',
  'INVALID_INIT_DATA',
  'EXPIRED_INIT_DATA',
  'INVALID_LOGIN_PAYLOAD',
  'INVALID_REFRESH_TOKEN',
]);

/**
 * How a refused paint is shown (SPEC §8): an auth failure (the spec's code 104) is only logged, as
 * the session layer signs in again; a rate limit (code 5000, "slow down") is an info notice; any
 * other code is an error.
 */
export function paintNotice(code: string): 'log' | 'info' | 'error' {
  if (AUTH_CODES.has(code)) return 'log';
  if (code === 'RATE_LIMITED') return 'info';
  return 'error';
}

/** The toast for a refused paint in the player's language, or null when it is only logged. */
export function paintFailureToast(
  t: TFunction,
  failure: { code: string },
): { text: string; kind: 'info' | 'error' } | null {
  const notice = paintNotice(failure.code);
  if (notice === 'log') return null;
  if (notice === 'info') return { text: errorText(t, failure, 'serverErrors.RATE_LIMITED'), kind: 'info' };
  return {
    text: t('wall.paintFailed', { message: errorText(t, failure, 'serverErrors.INTERNAL') }),
    kind: 'error',
  };
}
