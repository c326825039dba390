import { describe, expect, it } from 'vitest';
import { createLogThrottle } from './log-throttle.ts';

describe('log throttle', () => {
  it('admits a cause once per interval and counts what it left out', () => {
    let t = 0;
    const throttle = createLogThrottle({ intervalMs: 60_000, now: () => t });
    expect(throttle.admit('a')).toEqual({ suppressed: 0 });
    expect(throttle.admit('a')).toBeNull();
    expect(throttle.admit('b')).toEqual({ suppressed: 0 });
    expect(throttle.admit('a')).toBeNull();
    t = 60_000;
    expect(throttle.admit('a')).toEqual({ suppressed: 2 });
    expect(throttle.admit('a')).toBeNull();
  });
});
