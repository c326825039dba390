import { describe, expect, it, vi } from 'vitest';
import { motionAllowed, prefersReducedMotion, REDUCED_MOTION_QUERY, scrollBehavior } from './motion.ts';

describe('motion', () => {
  it.each([
    [true, false, true],
    [true, true, false],
    [false, false, false],
    [false, true, false],
  ])('setting %s with reduced motion %s → allowed %s', (setting, reduced, allowed) => {
    expect(motionAllowed(setting, reduced)).toBe(allowed);
  });

  it('reads prefers-reduced-motion from the system', () => {
    const matchMedia = vi.fn((query: string) => ({ matches: query === REDUCED_MOTION_QUERY }));
    vi.stubGlobal('matchMedia', matchMedia);
    expect(prefersReducedMotion()).toBe(true);
    expect(motionAllowed(true)).toBe(false);
    vi.unstubAllGlobals();
  });

  it('scrolls smoothly only with motion', () => {
    expect(scrollBehavior(true)).toBe('smooth');
    expect(scrollBehavior(false)).toBe('auto');
  });
});
