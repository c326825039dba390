/**
 * Display formatters (SPEC §5). Pure functions of their arguments: the clock and time zone come
 * in as parameters so the same input prints the same text on every machine.
 */
import { INTL_LOCALES, isSupportedLanguage } from './game-config.ts';
import { decimalOfNumber, fromUnits, roundDecimal, toUnits } from './products.ts';

export const TRUNCATE_MAX = 18;
export const SQUAD_NAME_MAX = 20;
export const SQUAD_SLUG_MAX = 18;
export const ELLIPSIS = '…';

/**
 * Cuts a string to `max` characters plus '…' when it is longer. Counts code points, so an emoji
 * is never split in half; spaces before the cut are dropped ('Hello world', 6 → 'Hello…').
 */
export function truncate(s: string | null | undefined, max: number = TRUNCATE_MAX): string {
  if (!s) return '';
  const chars = Array.from(s);
  if (chars.length <= max) return s;
  return chars.slice(0, Math.max(0, max)).join('').trimEnd() + ELLIPSIS;
}

export function truncateSquadName(name: string | null | undefined): string {
  return truncate(name, SQUAD_NAME_MAX);
}

export function truncateSquadSlug(slug: string | null | undefined): string {
  return truncate(slug, SQUAD_SLUG_MAX);
}

/** A handle with exactly one leading @; '' for nothing (null, empty, blank or a lone @). */
export function withAt(handle: string | null | undefined): string {
  const h = (handle ?? '').trim().replace(/^@+/, '');
  return h === '' ? '' : `@${h}`;
}

const MAGNITUDES: readonly (readonly [number, string])[] = [
  [1_000_000_000, 'B'],
  [1_000_000, 'M'],
  [1_000, 'k'],
];

/**
 * Large counts: 999 → '999', 1000 → '1k', 1234 → '1.2k', 1_250_000 → '1.2M', 7.9e9 → '7.9B'.
 * One decimal, truncated rather than rounded, so a count never shows more than it is (999,999 is
 * '999.9k', not '1000k'); a '.0' is dropped. Fractions are cut off first.
 */
export function formatK(n: number): string {
  if (!Number.isFinite(n)) return '0';
  const v = Math.trunc(n);
  const sign = v < 0 ? '-' : '';
  const abs = Math.abs(v);
  for (const [size, suffix] of MAGNITUDES) {
    if (abs >= size) {
      const tenths = Math.floor(abs / (size / 10));
      const digit = tenths % 10;
      return `${sign}${Math.floor(tenths / 10)}${digit ? `.${digit}` : ''}${suffix}`;
    }
  }
  return `${sign}${abs}`;
}

function nonNegative(ms: number): number {
  return Number.isFinite(ms) && ms > 0 ? ms : 0;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * A countdown: 'H:MM:SS' from one hour, else 'MM:SS'. Seconds round up, so the display reaches
 * '00:00' exactly when the time is over and never shows zero while time remains.
 */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(nonNegative(ms) / 1000);
  const h = Math.floor(total / 3600);
  const mm = pad2(Math.floor((total % 3600) / 60));
  const ss = pad2(total % 60);
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** The PX token price in dollars with 3 decimals, halves rounded away from zero: 0.1234 → '$0.123'. */
export function formatTokenPrice(n: number): string {
  if (!Number.isFinite(n)) return '$0.000';
  const rounded = roundDecimal(decimalOfNumber(n), 3);
  const negative = rounded.startsWith('-');
  const [whole, fraction = ''] = (negative ? rounded.slice(1) : rounded).split('.');
  return `${negative ? '-' : ''}$${whole}.${fraction.padEnd(3, '0')}`;
}

/**
 * A purchase total: the unit price rounded to 3 decimals, times the quantity, computed exactly
 * (0.02 × 3 → '0.06', not '0.06000000000000001'), in the shortest form ('48', '0.375').
 */
export function formatBuyPrice(unitPrice: number | string, qty: number): string {
  if (!Number.isSafeInteger(qty) || qty < 0) throw new RangeError(`quantity must be a whole number: ${qty}`);
  const unit = roundDecimal(typeof unitPrice === 'number' ? decimalOfNumber(unitPrice) : unitPrice, 3);
  return fromUnits(toUnits(unit, 3) * BigInt(qty), 3);
}

/** A rating place: '' when there is none (0), '999+' from 1000. */
export function formatRank(n: number): string {
  if (!Number.isFinite(n) || n < 1) return '';
  return n >= 1000 ? '999+' : String(Math.floor(n));
}

const formatCache = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(
  locale: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let f = formatCache.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      // A malformed locale tag or unknown zone: fall back rather than break a popup.
      f = new Intl.DateTimeFormat(INTL_LOCALES.en, { ...options, timeZone: 'UTC' });
    }
    formatCache.set(key, f);
  }
  return f;
}

/**
 * When a pixel was painted: day, month name, the year only when it is not the current year (in
 * the same time zone), then the time as 24-hour HH:MM. The order of day, month and year follows
 * the locale; `locale` is one of our language codes ('en', 'jpn', ...) or any BCP 47 tag.
 * Invalid dates give ''.
 */
export function formatPixelDate(
  date: Date | number | string,
  now: Date | number,
  locale = 'en',
  timeZone = 'UTC',
): string {
  const d = new Date(date);
  if (Number.isNaN(d.getTime())) return '';
  const tag = isSupportedLanguage(locale) ? INTL_LOCALES[locale] : locale;
  const yearOf = dateTimeFormat('en-GB', timeZone, { year: 'numeric' });
  const sameYear = yearOf.format(d) === yearOf.format(new Date(now));
  const day = dateTimeFormat(tag, timeZone, {
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(d);
  const time = dateTimeFormat(tag, timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    d,
  );
  return `${day}, ${time}`;
}
