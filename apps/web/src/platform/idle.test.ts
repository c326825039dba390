import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_FALLBACK_MS, IDLE_TIMEOUT_MS, whenIdle } from './idle.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('whenIdle', () => {
  it('asks for an idle callback with a timeout, and cancels it', () => {
    const calls: unknown[] = [];
    let run: (() => void) | null = null;
    const scope = {
      requestIdleCallback: (fn: IdleRequestCallback, options?: IdleRequestOptions) => {
        calls.push(options);
        run = () => fn({ didTimeout: false, timeRemaining: () => 10 });
        return 7;
      },
      cancelIdleCallback: (id: number) => calls.push(`cancel ${id}`),
    };
    const task = vi.fn();
    const cancel = whenIdle(task, scope);
    expect(task).not.toHaveBeenCalled();
    expect(calls).toEqual([{ timeout: IDLE_TIMEOUT_MS }]);
    (run as (() => void) | null)?.();
    expect(task).toHaveBeenCalledTimes(1);
    cancel();
    expect(calls).toEqual([{ timeout: IDLE_TIMEOUT_MS }, 'cancel 7']);
  });

  it('falls back to a timer where there is no idle callback', () => {
    vi.useFakeTimers();
    const task = vi.fn();
    whenIdle(task, {});
    vi.advanceTimersByTime(IDLE_FALLBACK_MS - 1);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    const other = vi.fn();
    whenIdle(other, {})();
    vi.advanceTimersByTime(IDLE_FALLBACK_MS);
    expect(other).not.toHaveBeenCalled();
  });
});
