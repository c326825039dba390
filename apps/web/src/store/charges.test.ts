import { describe, expect, it } from 'vitest';
import { liveCharges } from './charges.ts';
import type { ChargesSnapshot } from './miningSlice.ts';

const MIN = 60_000;
const base: ChargesSnapshot = {
  charges: 0,
  maxCharges: 5,
  reChargeSpeed: 10 * MIN,
  reChargeTimer: 4 * MIN,
  syncedAt: 1_000_000,
};

describe('liveCharges', () => {
  it('counts down the timer reported by the server', () => {
    const live = liveCharges(base, base.syncedAt + MIN);
    expect(live.charges).toBe(0);
    expect(live.msToNext).toBe(3 * MIN);
    expect(live.progress).toBeCloseTo(0.7);
  });

  it('adds a charge when the timer runs out, then starts the next cycle', () => {
    const live = liveCharges(base, base.syncedAt + 5 * MIN);
    expect(live.charges).toBe(1);
    expect(live.msToNext).toBe(9 * MIN);
  });

  it('stops at max with the bar reset', () => {
    const live = liveCharges(base, base.syncedAt + 100 * MIN);
    expect(live).toMatchObject({ charges: 5, msToNext: 0, progress: 1 });
    expect(liveCharges({ ...base, charges: 5, reChargeTimer: 0 }, base.syncedAt)).toMatchObject({
      charges: 5,
      msToNext: 0,
    });
  });
});
