/**
 * The app's language codes (SPEC §9) come from `@pixel-wall/shared`. Three differ from BCP-47
 * (jpn, cn, kr), so anything that talks to `Intl` or sets `<html lang>` goes through `toBcp47`.
 */
import type { Language } from '@pixel-wall/shared';
import { INTL_LOCALES } from '@pixel-wall/shared/core';

export {
  DEFAULT_LANGUAGE,
  isSupportedLanguage,
  resolveLanguage,
  SUPPORTED_LANGUAGES,
} from '@pixel-wall/shared/core';
export type SupportedLanguage = Language;

/** Each language named in itself, so a player can find theirs whatever is shown now. */
export const LANGUAGE_NAMES: Record<SupportedLanguage, string> = {
  en: 'English',
  ru: 'Русский',
  de: 'Deutsch',
  fr: 'Français',
  jpn: '日本語',
  es: 'Español',
  cn: '中文',
  kr: '한국어',
  pt: 'Português',
  tr: 'Türkçe',
};

export function toBcp47(language: SupportedLanguage): string {
  return INTL_LOCALES[language];
}
