/**
 * Numbers and dates in the player's language: grouping, decimal separator, percent sign and date
 * order come from `Intl` for the language's BCP 47 tag. The functions take the language, so they
 * work outside React too; `useFormat()` binds them to the current one. Building an `Intl`
 * formatter is slow, so each (locale, options) pair is built once.
 *
 * Canvas coordinates and ids are not quantities: they stay plain digits and never come here.
 */
import { formatK, formatPixelDate } from '@pixel-wall/shared/core';
import { type SupportedLanguage, toBcp47 } from './languages.ts';
import { useLanguage } from './useLanguage.ts';

export type DateInput = Date | number | string;
export type DateStyle = 'short' | 'medium' | 'long';

/** Dates show the player's own clock. */
const LOCAL_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The most fraction digits `Intl.NumberFormat` accepts everywhere we run. */
const MAX_FRACTION_DIGITS = 20;
const DECIMAL_TEXT = new RegExp(`^-?\\d+(\\.\\d{1,${MAX_FRACTION_DIGITS}})?$`);

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(language: SupportedLanguage, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = toBcp47(language);
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

function dateFormat(language: SupportedLanguage, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = toBcp47(language);
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * A number with every digit it has (as `String(n)` would show it) unless `options` limit them:
 * 1234.5 → '1,234.5' (en), '1 234,5' (ru), '1.234,5' (de).
 */
export function formatNumber(
  language: SupportedLanguage,
  n: number,
  options: Intl.NumberFormatOptions = {},
): string {
  return numberFormat(language, { maximumFractionDigits: MAX_FRACTION_DIGITS, ...options }).format(n);
}

/**
 * An exact decimal text as the server sends prices and rewards ('0.375', '1250'): every digit
 * kept, none rounded through a float. Anything else is shown as it came.
 */
export function formatDecimal(language: SupportedLanguage, text: string): string {
  if (!DECIMAL_TEXT.test(text)) return text;
  // Intl reads a numeric string as an exact decimal.
  return numberFormat(language, { maximumFractionDigits: MAX_FRACTION_DIGITS }).format(
    text as Intl.StringNumericLiteral,
  );
}

/** A whole count: 12345 → '12,345' (en). */
export function formatInteger(language: SupportedLanguage, n: number): string {
  return numberFormat(language, { maximumFractionDigits: 0 }).format(n);
}

/**
 * Large counts the SPEC §5 way (thousands as k with one decimal, truncated: see `formatK`), with
 * the language's decimal separator: 12345 → '12.3k' (en), '12,3k' (de).
 */
export function formatCompact(language: SupportedLanguage, n: number): string {
  return withDecimalSeparator(language, formatK(n));
}

/**
 * A figure one of the shared SPEC §5 formatters wrote with a '.' ('1.2k', '$0.123'), with the
 * language's decimal separator instead: the rule stays theirs, the punctuation the language's.
 */
export function withDecimalSeparator(language: SupportedLanguage, text: string): string {
  return text.replace('.', decimalSeparator(language));
}

/** A percentage given in points (12.5 → '12.5%' in en, '12,5 %' in de, '%12,5' in tr); two decimals at most. */
export function formatPercent(
  language: SupportedLanguage,
  points: number,
  options: Intl.NumberFormatOptions = {},
): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits: 2, ...options }).format(
    points / 100,
  );
}

/** A calendar date; '' for an invalid one. Give `timeZone: 'UTC'` for dates that carry no time. */
export function formatDate(
  language: SupportedLanguage,
  date: DateInput,
  style: DateStyle = 'medium',
  timeZone: string = LOCAL_TIME_ZONE,
): string {
  const d = new Date(date);
  if (Number.isNaN(d.getTime())) return '';
  return dateFormat(language, { dateStyle: style, timeZone }).format(d);
}

/**
 * A moment as SPEC §5 shows it (day, month name, the year when it is not this year, 24-hour
 * time), in the language's order and words; '' for an invalid date.
 */
export function formatDateTime(
  language: SupportedLanguage,
  date: DateInput,
  now: Date | number = Date.now(),
  timeZone: string = LOCAL_TIME_ZONE,
): string {
  return formatPixelDate(date, now, language, timeZone);
}

export type DurationUnit = 'day' | 'hour' | 'minute' | 'second';

/**
 * How wide each language writes its unit words. CLDR's narrow forms are the shortest, but in some
 * languages they are Latin letters rather than the language's own words (Japanese narrow is
 * '10m 00s', not '10 分 00 秒'; Turkish narrow writes hours as 's', which reads as seconds): those
 * languages take the short forms.
 */
export const DURATION_WIDTH: Record<SupportedLanguage, 'narrow' | 'short'> = {
  en: 'narrow',
  ru: 'narrow',
  de: 'narrow',
  fr: 'narrow',
  jpn: 'short',
  es: 'narrow',
  cn: 'narrow',
  kr: 'narrow',
  pt: 'narrow',
  tr: 'short',
};

/**
 * A length of time in the language's own unit words, largest unit first, each after the first
 * with two digits: 570_000 as minute + second → '9m 30s' (en), '9 мин 30 с' (ru), '9 Min. 30 Sek.'
 * (de), '9 分 30 秒' (jpn). Whole units, rounded down; the last unit is rounded to the nearest
 * instead when `round`.
 *
 * `Intl.DurationFormat` is not used: it cannot pad the smaller units to two digits (a ticking
 * '9m 05s' would jump in width) and it joins units with list words ('9 Min., 30 Sek.'), where the
 * game shows them as one compact figure.
 */
export function formatDuration(
  language: SupportedLanguage,
  ms: number,
  units: readonly DurationUnit[],
  round = false,
): string {
  const sizes: Record<DurationUnit, number> = {
    day: 86_400_000,
    hour: 3_600_000,
    minute: 60_000,
    second: 1000,
  };
  const smallest = sizes[units[units.length - 1] ?? 'second'];
  let left = Number.isFinite(ms) && ms > 0 ? ms : 0;
  left = (round ? Math.round(left / smallest) : Math.floor(left / smallest)) * smallest;
  return units
    .map((unit, i) => {
      const n = Math.floor(left / sizes[unit]);
      left -= n * sizes[unit];
      return numberFormat(language, {
        style: 'unit',
        unit,
        unitDisplay: DURATION_WIDTH[language],
        minimumIntegerDigits: i === 0 ? 1 : 2,
      }).format(n);
    })
    .join(' ');
}

function decimalSeparator(language: SupportedLanguage): string {
  return (
    numberFormat(language, {})
      .formatToParts(1.5)
      .find((part) => part.type === 'decimal')?.value ?? '.'
  );
}

/** The formatters bound to one language. */
export interface Formatter {
  readonly language: SupportedLanguage;
  number(n: number, options?: Intl.NumberFormatOptions): string;
  decimal(text: string): string;
  integer(n: number): string;
  compact(n: number): string;
  percent(points: number, options?: Intl.NumberFormatOptions): string;
  date(date: DateInput, style?: DateStyle, timeZone?: string): string;
  dateTime(date: DateInput): string;
  duration(ms: number, units: readonly DurationUnit[], round?: boolean): string;
}

const formatters = new Map<SupportedLanguage, Formatter>();

/** One formatter per language, the same object each time (safe in dependency lists). */
export function formatterFor(language: SupportedLanguage): Formatter {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = {
      language,
      number: (n, options) => formatNumber(language, n, options),
      decimal: (text) => formatDecimal(language, text),
      integer: (n) => formatInteger(language, n),
      compact: (n) => formatCompact(language, n),
      percent: (points, options) => formatPercent(language, points, options),
      date: (date, style, timeZone) => formatDate(language, date, style, timeZone),
      dateTime: (date) => formatDateTime(language, date),
      duration: (ms, units, round) => formatDuration(language, ms, units, round),
    };
    formatters.set(language, formatter);
  }
  return formatter;
}

/** The formatters for the language the player sees now; components re-render when it changes. */
export function useFormat(): Formatter {
  return formatterFor(useLanguage().language);
}
