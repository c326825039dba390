import { describe, expect, it } from 'vitest';
import {
  addCharges,
  type ChargeRules,
  type ChargeState,
  msUntilNextCharge,
  refillCharges,
  spendCharges,
} from './charges.ts';

const RULES: ChargeRules = { max: 5, speedMs: 600_000 };
const MIN10 = 600_000;
const T0 = 1_700_000_000_000;
const at = (charges: number, updatedAt = T0): ChargeState => ({ charges, updatedAt });

/** Small seeded PRNG (mulberry32) so the random walk below is the same on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('refillCharges (5 max, one per 600,000 ms)', () => {
  it.each<[string, ChargeState, number, ChargeState]>([
    ['full stays full, the timer stands at now', at(5), T0 + 5 * MIN10, at(5, T0 + 5 * MIN10)],
    ['nothing before a full interval', at(4), T0 + MIN10 - 1, at(4)],
    ['one after one interval, full again', at(4), T0 + MIN10, at(5, T0 + MIN10)],
    ['one of several', at(0), T0 + MIN10, at(1, T0 + MIN10)],
    ['three after three intervals', at(0), T0 + 3 * MIN10, at(3, T0 + 3 * MIN10)],
    ['partial progress is kept', at(0), T0 + 3 * MIN10 + 123_456, at(3, T0 + 3 * MIN10)],
    ['four and a half intervals', at(1), T0 + 4.5 * MIN10, at(5, T0 + 4.5 * MIN10)],
    ['capped at max after a long wait', at(0), T0 + 100 * MIN10, at(5, T0 + 100 * MIN10)],
    ['clock going backwards gains nothing', at(2), T0 - MIN10, at(2)],
    ['no time passed', at(3), T0, at(3)],
  ])('%s', (_, state, now, expected) => {
    expect(refillCharges(state, RULES, now)).toEqual(expected);
  });

  it('restores exactly one charge per interval from empty', () => {
    for (let k = 0; k <= 7; k++) {
      expect(refillCharges(at(0), RULES, T0 + k * MIN10).charges).toBe(Math.min(5, k));
      expect(refillCharges(at(0), RULES, T0 + k * MIN10 - 1).charges).toBe(Math.max(0, Math.min(5, k - 1)));
    }
  });

  it('gives the same result refilled in steps or at once', () => {
    const once = refillCharges(at(0), RULES, T0 + 3.7 * MIN10);
    let s = at(0);
    for (const t of [0.3, 1.4, 2.3, 3.7]) s = refillCharges(s, RULES, T0 + t * MIN10);
    expect(s).toEqual(once);
    expect(once).toEqual(at(3, T0 + 3 * MIN10));
  });

  it('does not raise a stored count that is already above max', () => {
    expect(refillCharges(at(7), RULES, T0 + 10 * MIN10).charges).toBe(7);
  });
});

describe('spendCharges', () => {
  it.each<[string, ChargeState, number, number, ChargeState | null]>([
    ['leaving max starts the timer now', at(5, T0 - 99 * MIN10), T0, 1, at(4, T0)],
    ['below max the timer keeps running', at(3), T0 + 100, 1, at(2)],
    ['the last charge', at(1), T0 + 100, 1, at(0)],
    ['spend at 0 is refused', at(0), T0 + MIN10 - 1, 1, null],
    ['a restored charge can be spent', at(0), T0 + MIN10, 1, at(0, T0 + MIN10)],
    ['several at once', at(5), T0, 3, at(2, T0)],
    ['not enough for several', at(2), T0, 3, null],
    ['refills to max first, then starts the timer', at(4), T0 + 2 * MIN10, 1, at(4, T0 + 2 * MIN10)],
  ])('%s', (_, state, now, count, expected) => {
    expect(spendCharges(state, RULES, now, count)).toEqual(expected);
  });

  it('drains 5 and gets them back one per 10 minutes', () => {
    let s: ChargeState | null = at(5);
    for (let i = 0; i < 5; i++) s = spendCharges(s!, RULES, T0);
    expect(s).toEqual(at(0, T0));
    expect(spendCharges(s!, RULES, T0)).toBeNull();
    expect(msUntilNextCharge(s!, RULES, T0)).toBe(MIN10);
    expect(refillCharges(s!, RULES, T0 + 2 * MIN10).charges).toBe(2);
    expect(refillCharges(s!, RULES, T0 + 5 * MIN10)).toEqual(at(5, T0 + 5 * MIN10));
  });
});

describe('msUntilNextCharge', () => {
  it.each<[string, ChargeState, number, number]>([
    ['0 at max', at(5), T0 + 123, 0],
    ['full interval right after spending', at(4), T0, MIN10],
    ['counts down', at(4), T0 + 100_000, 500_000],
    ['1 ms left', at(0), T0 + MIN10 - 1, 1],
    ['restarts after a charge comes back', at(0), T0 + MIN10 + 1, MIN10 - 1],
    ['0 once the wait has refilled to max', at(3), T0 + 2 * MIN10, 0],
  ])('%s', (_, state, now, ms) => {
    expect(msUntilNextCharge(state, RULES, now)).toBe(ms);
  });
});

describe('addCharges', () => {
  it.each<[string, ChargeState, number, number, ChargeState]>([
    ['refill item tops up to max', at(0), T0 + 100, 5, at(5, T0 + 100)],
    ['never above max', at(3), T0, 100, at(5, T0)],
    ['partial add keeps the timer', at(1), T0 + 100, 2, at(3)],
    ['counts restored charges first', at(1), T0 + MIN10, 2, at(4, T0 + MIN10)],
    ['at max stays at max', at(5), T0, 1, at(5, T0)],
  ])('%s', (_, state, now, count, expected) => {
    expect(addCharges(state, RULES, now, count)).toEqual(expected);
  });
});

describe('invariants over a random walk', () => {
  it('charges stay within 0..max and the timer never runs ahead of the clock', () => {
    const rnd = prng(20240723);
    let s: ChargeState = at(5);
    let now = T0;
    for (let step = 0; step < 20_000; step++) {
      now += Math.floor(rnd() * 3 * MIN10 * (rnd() < 0.8 ? 0.05 : 1));
      const r = rnd();
      if (r < 0.6) s = spendCharges(s, RULES, now, 1 + Math.floor(rnd() * 2)) ?? s;
      else if (r < 0.65) s = addCharges(s, RULES, now, 1 + Math.floor(rnd() * 10));
      else s = refillCharges(s, RULES, now);
      expect(s.charges).toBeGreaterThanOrEqual(0);
      expect(s.charges).toBeLessThanOrEqual(RULES.max);
      expect(s.updatedAt).toBeLessThanOrEqual(now);
      const wait = msUntilNextCharge(s, RULES, now);
      expect(wait).toBeGreaterThanOrEqual(0);
      expect(wait).toBeLessThanOrEqual(RULES.speedMs);
      if (refillCharges(s, RULES, now).charges === RULES.max) expect(wait).toBe(0);
    }
  });
});
