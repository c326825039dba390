import { describe, expect, it } from 'vitest';
import {
  formatBuyPrice,
  formatCountdown,
  formatK,
  formatPixelDate,
  formatRank,
  formatTokenPrice,
  SQUAD_NAME_MAX,
  SQUAD_SLUG_MAX,
  TRUNCATE_MAX,
  truncate,
  truncateSquadName,
  truncateSquadSlug,
  withAt,
} from './format.ts';

describe('truncate', () => {
  it('uses the spec lengths: 18 by default, squad name 20, slug 18', () => {
    expect([TRUNCATE_MAX, SQUAD_NAME_MAX, SQUAD_SLUG_MAX]).toEqual([18, 20, 18]);
  });

  it.each<[string | null | undefined, number | undefined, string]>([
    [null, undefined, ''],
    [undefined, undefined, ''],
    ['', undefined, ''],
    ['short', undefined, 'short'],
    ['exactly18characters'.slice(0, 18), undefined, 'exactly18character'],
    ['nineteen characters', undefined, 'nineteen character…'],
    ['abcdefghijklmnopqrstuvwxyz', undefined, 'abcdefghijklmnopqr…'],
    ['abcdef', 3, 'abc…'],
    ['abc', 3, 'abc'],
    ['Hello world', 6, 'Hello…'],
    ['😀😀😀😀', 2, '😀😀…'],
    ['Пиксельный отряд навсегда', 20, 'Пиксельный отряд нав…'],
  ])('(%j, %j) → %j', (s, max, expected) => {
    expect(truncate(s, max)).toBe(expected);
  });

  it('has squad helpers', () => {
    expect(truncateSquadName('a'.repeat(20))).toBe('a'.repeat(20));
    expect(truncateSquadName('a'.repeat(21))).toBe(`${'a'.repeat(20)}…`);
    expect(truncateSquadSlug('b'.repeat(19))).toBe(`${'b'.repeat(18)}…`);
  });
});

describe('withAt', () => {
  it.each<[string | null | undefined, string]>([
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['  ', ''],
    ['@', ''],
    ['durov', '@durov'],
    ['@durov', '@durov'],
    ['@@durov', '@durov'],
    [' durov ', '@durov'],
  ])('%j → %j', (h, expected) => {
    expect(withAt(h)).toBe(expected);
  });
});

describe('formatK', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [999, '999'],
    [999.9, '999'],
    [1000, '1k'],
    [1001, '1k'],
    [1099, '1k'],
    [1100, '1.1k'],
    [1234, '1.2k'],
    [1250, '1.2k'],
    [1999, '1.9k'],
    [12_345, '12.3k'],
    [999_999, '999.9k'],
    [1_000_000, '1M'],
    [1_250_000, '1.2M'],
    [532_000_000, '532M'],
    [1_000_000_000, '1B'],
    [7_900_000_000, '7.9B'],
    [-1234, '-1.2k'],
    [-5, '-5'],
    [Number.NaN, '0'],
    [Number.POSITIVE_INFINITY, '0'],
  ])('%d → %s', (n, expected) => {
    expect(formatK(n)).toBe(expected);
  });
});

describe('formatCountdown', () => {
  it.each([
    [0, '00:00'],
    [-1, '00:00'],
    [1, '00:01'],
    [500, '00:01'],
    [1000, '00:01'],
    [1001, '00:02'],
    [59_000, '00:59'],
    [60_000, '01:00'],
    [600_000, '10:00'],
    [3_599_000, '59:59'],
    [3_600_000, '1:00:00'],
    [3_661_000, '1:01:01'],
    [36_000_000, '10:00:00'],
  ])('%d ms → %s', (ms, expected) => {
    expect(formatCountdown(ms)).toBe(expected);
  });
});

describe('formatTokenPrice', () => {
  it.each([
    [0.123, '$0.123'],
    [0.1234, '$0.123'],
    [0.0005, '$0.001'],
    [0.0004, '$0.000'],
    [1.0005, '$1.001'],
    [0.1, '$0.100'],
    [2, '$2.000'],
    [12.34567, '$12.346'],
    [1e-7, '$0.000'],
    [0, '$0.000'],
    [-0.5, '-$0.500'],
    [Number.NaN, '$0.000'],
  ])('%d → %s', (n, expected) => {
    expect(formatTokenPrice(n)).toBe(expected);
  });
});

describe('formatBuyPrice', () => {
  it.each<[number | string, number, string]>([
    [0.02, 3, '0.06'],
    [0.1, 3, '0.3'],
    [0.2, 3, '0.6'],
    [0.004, 7, '0.028'],
    [0.04, 5000, '200'],
    [8, 12, '96'],
    [16, 1, '16'],
    [0.0004, 1000, '0'],
    [0.0005, 1000, '1'],
    [0.1234, 10, '1.23'],
    ['0.02', 3, '0.06'],
    ['2.8', 3, '8.4'],
    [0.02, 0, '0'],
  ])('%j × %i → %s', (unit, qty, expected) => {
    expect(formatBuyPrice(unit, qty)).toBe(expected);
  });

  it('rejects a fractional or negative quantity', () => {
    expect(() => formatBuyPrice(1, 1.5)).toThrow(RangeError);
    expect(() => formatBuyPrice(1, -1)).toThrow(RangeError);
  });
});

describe('formatRank', () => {
  it.each([
    [0, ''],
    [-3, ''],
    [Number.NaN, ''],
    [1, '1'],
    [42, '42'],
    [999, '999'],
    [1000, '999+'],
    [123_456, '999+'],
  ])('%d → %j', (n, expected) => {
    expect(formatRank(n)).toBe(expected);
  });
});

describe('formatPixelDate', () => {
  const painted = Date.UTC(2024, 2, 5, 14, 7);
  const lastYear = Date.UTC(2023, 11, 31, 23, 30);
  const now = Date.UTC(2024, 11, 31, 23, 0);

  it.each([
    ['en', '5 March, 14:07', '31 December 2023, 23:30'],
    ['ru', '5 марта, 14:07', '31 декабря 2023 г., 23:30'],
    ['de', '5. März, 14:07', '31. Dezember 2023, 23:30'],
    ['fr', '5 mars, 14:07', '31 décembre 2023, 23:30'],
    ['jpn', '3月5日, 14:07', '2023年12月31日, 23:30'],
    ['tr', '5 Mart, 14:07', '31 Aralık 2023, 23:30'],
  ])('%s: day, month name, year only when not this year, time', (locale, thisYear, previousYear) => {
    expect(formatPixelDate(painted, now, locale)).toBe(thisYear);
    expect(formatPixelDate(lastYear, now, locale)).toBe(previousYear);
  });

  it('takes Date objects and ISO strings', () => {
    expect(formatPixelDate(new Date(painted), new Date(now))).toBe('5 March, 14:07');
    expect(formatPixelDate('2024-03-05T14:07:00Z', now)).toBe('5 March, 14:07');
  });

  it('pads the time to HH:MM on a 24-hour clock', () => {
    expect(formatPixelDate(Date.UTC(2024, 0, 2, 3, 4), now)).toBe('2 January, 03:04');
    expect(formatPixelDate(Date.UTC(2024, 0, 2, 0, 0), now)).toBe('2 January, 00:00');
  });

  it('decides the year in the given time zone', () => {
    const newYearInBerlin = Date.UTC(2024, 0, 1, 0, 10);
    expect(formatPixelDate(lastYear, newYearInBerlin, 'en', 'Europe/Berlin')).toBe('1 January, 00:30');
    expect(formatPixelDate(lastYear, newYearInBerlin, 'en', 'UTC')).toBe('31 December 2023, 23:30');
  });

  it('accepts BCP 47 tags and falls back on bad ones', () => {
    expect(formatPixelDate(painted, now, 'en-US')).toBe('March 5, 14:07');
    expect(formatPixelDate(painted, now, 'not a tag!')).toBe('5 March, 14:07');
    expect(formatPixelDate(painted, now, 'en', 'Not/AZone')).toBe('5 March, 14:07');
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatPixelDate('yesterday-ish', now)).toBe('');
    expect(formatPixelDate(Number.NaN, now)).toBe('');
  });
});
