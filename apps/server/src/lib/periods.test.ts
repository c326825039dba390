import { describe, expect, it } from 'vitest';
import { dayKey, monthKey, weekKey } from './periods.ts';

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
