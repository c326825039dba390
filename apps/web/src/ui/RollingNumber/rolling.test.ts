import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DIGIT_ROLL_MS, rolledValue } from './rolling.ts';
import { useRollingNumber } from './useRollingNumber.ts';

describe('digit roll', () => {
  it('takes 500 ms and ends on the new value', () => {
    expect(DIGIT_ROLL_MS).toBe(500);
    expect(rolledValue(0, 100, 0)).toBe(0);
    expect(rolledValue(0, 100, 250)).toBe(87);
    expect(rolledValue(0, 100, 499)).toBe(99);
    expect(rolledValue(0, 100, 500)).toBe(100);
    expect(rolledValue(100, 0, 250)).toBe(13);
    expect(rolledValue(7, 7, 10)).toBe(7);
  });

  describe('useRollingNumber', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('rolls to a changed value on the clock, and jumps with motion off', () => {
      vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
      const { result, rerender } = renderHook(({ v, m }) => useRollingNumber(v, m), {
        initialProps: { v: 10, m: true },
      });
      expect(result.current).toBe(10);
      rerender({ v: 110, m: true });
      expect(result.current).toBe(10);
      act(() => vi.advanceTimersByTime(240));
      expect(result.current).toBeGreaterThan(10);
      expect(result.current).toBeLessThan(110);
      act(() => vi.advanceTimersByTime(300));
      expect(result.current).toBe(110);
      rerender({ v: 3, m: false });
      expect(result.current).toBe(3);
    });
  });
});
