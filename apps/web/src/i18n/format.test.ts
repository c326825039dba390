import { describe, expect, it } from 'vitest';
import {
  formatCompact,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatDuration,
  formatInteger,
  formatNumber,
  formatPercent,
  formatterFor,
  withDecimalSeparator,
} from './format.ts';
import { SUPPORTED_LANGUAGES, type SupportedLanguage } from './languages.ts';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

describe('formatInteger', () => {
  it.each<[SupportedLanguage, string]>([
    ['en', '1,234,567'],
    ['ru', `1${NBSP}234${NBSP}567`],
    ['fr', `1${NNBSP}234${NNBSP}567`],
    ['de', '1.234.567'],
    ['es', '1.234.567'],
    ['tr', '1.234.567'],
    ['pt', `1${NBSP}234${NBSP}567`],
    ['jpn', '1,234,567'],
    ['cn', '1,234,567'],
    ['kr', '1,234,567'],
  ])('groups thousands in %s', (language, expected) => {
    expect(formatInteger(language, 1_234_567)).toBe(expected);
  });

  it('leaves small counts as they are and rounds fractions away', () => {
    expect(formatInteger('de', 999)).toBe('999');
    expect(formatInteger('en', 0)).toBe('0');
    expect(formatInteger('en', 41.6)).toBe('42');
  });
});

describe('formatNumber', () => {
  it('keeps every digit the number has, with the language separator', () => {
    expect(formatNumber('en', 0.0042)).toBe('0.0042');
    expect(formatNumber('de', 0.0042)).toBe('0,0042');
    expect(formatNumber('ru', 1234.5)).toBe(`1${NBSP}234,5`);
    expect(formatNumber('en', 1.5)).toBe('1.5');
  });

  it('takes Intl options', () => {
    expect(formatNumber('en', 2.5, { minimumFractionDigits: 3 })).toBe('2.500');
    expect(formatNumber('de', 1234.5678, { maximumFractionDigits: 2 })).toBe('1.234,57');
  });
});

describe('formatDecimal', () => {
  it('formats exact decimal texts without going through a float', () => {
    expect(formatDecimal('en', '0.375')).toBe('0.375');
    expect(formatDecimal('de', '1250.5')).toBe('1.250,5');
    expect(formatDecimal('en', '12345678901234567890.123')).toBe('12,345,678,901,234,567,890.123');
    expect(formatDecimal('fr', '0.000000001')).toBe('0,000000001');
  });

  it('shows anything else as it came', () => {
    expect(formatDecimal('de', 'n/a')).toBe('n/a');
    expect(formatDecimal('de', `0.${'1'.repeat(21)}`)).toBe(`0.${'1'.repeat(21)}`);
  });
});

describe('formatCompact', () => {
  it('follows the k / M / B rule with the language decimal separator', () => {
    expect(formatCompact('en', 12_345)).toBe('12.3k');
    expect(formatCompact('de', 12_345)).toBe('12,3k');
    expect(formatCompact('ru', 1_250_000)).toBe('1,2M');
    expect(formatCompact('fr', 7_900_000_000)).toBe('7,9B');
    expect(formatCompact('tr', 1_000)).toBe('1k');
    expect(formatCompact('de', 999)).toBe('999');
  });
});

describe('withDecimalSeparator', () => {
  it("swaps the point of a shared formatter's text for the language's separator", () => {
    expect(withDecimalSeparator('de', '$0.123')).toBe('$0,123');
    expect(withDecimalSeparator('en', '$0.123')).toBe('$0.123');
    expect(withDecimalSeparator('ru', '48')).toBe('48');
  });
});

describe('formatPercent', () => {
  it.each<[SupportedLanguage, string]>([
    ['en', '12.5%'],
    ['de', `12,5${NBSP}%`],
    ['fr', `12,5${NBSP}%`],
    ['tr', '%12,5'],
    ['jpn', '12.5%'],
  ])('places the sign the %s way', (language, expected) => {
    expect(formatPercent(language, 12.5)).toBe(expected);
  });

  it('keeps two decimals at most', () => {
    expect(formatPercent('en', 33.3333)).toBe('33.33%');
    expect(formatPercent('en', 100)).toBe('100%');
  });
});

describe('formatDate', () => {
  const day = '2024-07-23';

  it.each<[SupportedLanguage, string]>([
    ['en', '23 July 2024'],
    ['ru', '23 июля 2024 г.'],
    ['de', '23. Juli 2024'],
    ['jpn', '2024年7月23日'],
  ])('writes a long date in %s', (language, expected) => {
    expect(formatDate(language, day, 'long', 'UTC')).toBe(expected);
  });

  it('writes short dates in the language order', () => {
    expect(formatDate('de', day, 'short', 'UTC')).toBe('23.07.24');
    expect(formatDate('jpn', day, 'short', 'UTC')).toBe('2024/07/23');
  });

  it('uses the time zone given', () => {
    const lateEvening = '2024-07-23T23:30:00Z';
    expect(formatDate('en', lateEvening, 'medium', 'UTC')).toBe('23 Jul 2024');
    expect(formatDate('en', lateEvening, 'medium', 'Asia/Tokyo')).toBe('24 Jul 2024');
  });

  it('gives nothing for an invalid date', () => {
    expect(formatDate('en', 'not a date')).toBe('');
  });
});

describe('formatDateTime', () => {
  const now = Date.UTC(2025, 5, 1);

  it('writes day, month name and 24-hour time in the language', () => {
    const at = Date.UTC(2025, 2, 7, 14, 5);
    expect(formatDateTime('en', at, now, 'UTC')).toBe('7 March, 14:05');
    expect(formatDateTime('ru', at, now, 'UTC')).toBe('7 марта, 14:05');
    expect(formatDateTime('de', at, now, 'UTC')).toBe('7. März, 14:05');
    expect(formatDateTime('jpn', at, now, 'UTC')).toBe('3月7日, 14:05');
  });

  it('adds the year when it is not this year', () => {
    expect(formatDateTime('de', Date.UTC(2023, 11, 31, 9, 0), now, 'UTC')).toBe('31. Dezember 2023, 09:00');
  });
});

describe('formatDuration', () => {
  it.each([
    [600_000, '10m 00s'],
    [570_000, '9m 30s'],
    [473_000, '7m 53s'],
    [59_000, '0m 59s'],
    [89_600, '1m 30s'],
    [0, '0m 00s'],
    [-5000, '0m 00s'],
    [Number.NaN, '0m 00s'],
    [3_600_000, '60m 00s'],
  ])('%d ms as minutes and seconds, rounded → %s (en)', (ms, expected) => {
    expect(formatDuration('en', ms, ['minute', 'second'], true)).toBe(expected);
  });

  it('rounds down unless asked, and carries into the larger unit', () => {
    expect(formatDuration('en', 89_600, ['minute', 'second'])).toBe('1m 29s');
    expect(formatDuration('en', 5_400_000 - 1, ['hour', 'minute'])).toBe('1h 29m');
    expect(formatDuration('en', 25 * 3_600_000 + 3 * 60_000, ['hour', 'minute'])).toBe('25h 03m');
    expect(formatDuration('en', 2 * 86_400_000, ['day'])).toBe('2d');
  });

  it.each<[SupportedLanguage, string]>([
    ['ru', '9 мин 30 с'],
    ['de', '9 Min. 30 Sek.'],
    ['fr', '9min 30s'],
    ['kr', '9분 30초'],
    ['cn', '9分钟 30秒'],
  ])('writes the units in %s: %s', (language, expected) => {
    expect(formatDuration(language, 570_000, ['minute', 'second'])).toBe(expected);
  });

  it.each<[SupportedLanguage, string]>([
    ['jpn', '10 分 00 秒'],
    ['tr', '10 dk. 00 sn.'],
    ['es', '10min 00s'],
    ['pt', '10 min 00 s'],
  ])('writes the recharge time in the words of %s: %s', (language, expected) => {
    expect(formatDuration(language, 600_000, ['minute', 'second'], true)).toBe(expected);
  });

  it('never borrows English letters where the language has its own script', () => {
    for (const language of ['jpn', 'cn', 'kr', 'ru'] as const) {
      for (const unit of ['day', 'hour', 'minute', 'second'] as const) {
        expect(formatDuration(language, 90_061_000, [unit]), `${language} ${unit}`).not.toMatch(/[a-z]/i);
      }
    }
  });
});

describe('formatterFor', () => {
  it('binds every formatter to the language, one object per language', () => {
    for (const language of SUPPORTED_LANGUAGES) {
      const format = formatterFor(language);
      expect(format).toBe(formatterFor(language));
      expect(format.language).toBe(language);
      expect(format.integer(1_234_567)).toBe(formatInteger(language, 1_234_567));
      expect(format.compact(12_345)).toBe(formatCompact(language, 12_345));
      expect(format.percent(12.5)).toBe(formatPercent(language, 12.5));
      expect(format.number(0.5)).toBe(formatNumber(language, 0.5));
      expect(format.decimal('0.375')).toBe(formatDecimal(language, '0.375'));
      expect(format.date('2024-07-23', 'long', 'UTC')).toBe(
        formatDate(language, '2024-07-23', 'long', 'UTC'),
      );
    }
  });
});
