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
