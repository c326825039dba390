import { INTL_LOCALES, isSupportedLanguage } from '@pixel-wall/shared/core';

/** 'DE' → 🇩🇪; anything that is not a two-letter code gets a white flag. */
export function flagOf(code: string): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return '🏳';
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

/** The country's name in the player's language, or the code when the browser cannot say. */
export function countryName(code: string, language: string): string {
  try {
    const locale = isSupportedLanguage(language) ? INTL_LOCALES[language] : language;
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** The busiest countries first; ties by code so the order is stable. */
export function topCountries(map: Record<string, number>, limit = 10): [string, number][] {
  return Object.entries(map)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, limit);
}
