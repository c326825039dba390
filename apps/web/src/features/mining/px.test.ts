import { describe, expect, it } from 'vitest';
import { formatPx, livePx } from './px.ts';

const clock = { fromUpdate: 100, maxMiningTime: 28_800, speedPerSecond: 0.0042, receivedAt: 1_000_000 };

describe('livePx', () => {
  it('counts on from the reported seconds', () => {
    expect(livePx(clock, clock.receivedAt).px).toBe(0.42);
    expect(livePx(clock, clock.receivedAt + 10_000).px).toBe(0.462);
  });

  it('stops at maxMiningTime', () => {
    const live = livePx(clock, clock.receivedAt + 100 * 3_600_000);
    expect(live).toMatchObject({ seconds: 28_800, full: true, progress: 1 });
    expect(live.px).toBe(120.96);
  });

  it('never goes backwards of the clock it was given', () => {
    expect(livePx(clock, clock.receivedAt - 500_000).px).toBe(0);
  });

  it('formats with three decimals, rounding down', () => {
    expect(formatPx('en', 0.4629)).toBe('0.462');
    expect(formatPx('en', 12)).toBe('12.000');
    // 0.57 × 1000 is 569.999… in floating point: the decimal value is rounded, not the float.
    expect(formatPx('en', 0.57)).toBe('0.570');
  });

  it("uses the language's separators", () => {
    expect(formatPx('en', 1234.5678)).toBe('1,234.567');
    expect(formatPx('de', 1234.5678)).toBe('1.234,567');
    expect(formatPx('ru', 0.462)).toBe('0,462');
  });
});
