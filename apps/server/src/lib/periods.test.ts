import { describe, expect, it } from 'vitest';
import { allPeriodKeys, dayKey, monthKey, periodKeysByDay, weekKey } from './periods.ts';

describe('rating periods (UTC)', () => {
  it.each([
    ['2026-11-22T23:59:59Z', 'd2026-11-22', 'w2026-11-16', 'm2026-11'],
    ['2026-11-23T00:00:00Z', 'd2026-11-23', 'w2026-11-23', 'm2026-11'],
    ['2027-01-01T00:00:00Z', 'd2027-01-01', 'w2026-12-28', 'm2027-01'],
  ])('%s', (iso, d, w, m) => {
    const t = Date.parse(iso);
    expect([dayKey(t), weekKey(t), monthKey(t)]).toEqual([d, w, m]);
  });
});

describe('periodKeysByDay', () => {
  it('gives the keys allPeriodKeys gives, across midnight, a new week and month, and back', () => {
    const keysAt = periodKeysByDay();
    const times = [
      Date.UTC(2026, 10, 29, 23, 59, 59, 999),
      Date.UTC(2026, 10, 29, 0, 0, 0, 0),
      Date.UTC(2026, 10, 30, 0, 0, 0, 0),
      Date.UTC(2026, 11, 1, 12),
      Date.UTC(2026, 10, 29, 12),
    ];
    for (const at of times) expect(keysAt(at)).toEqual(allPeriodKeys(at));
    // one UTC day: the same array, formatted once
    expect(keysAt(times[3]! + 1000)).toBe(keysAt(times[3]!));
  });
});
