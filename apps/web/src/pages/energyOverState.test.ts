import { describe, expect, it } from 'vitest';
import type { LiveCharges } from '../store/charges.ts';
import { energyOverBack, energyOverTitle, energyOverView } from './energyOverState.ts';

const live = (charges: number): LiveCharges => ({
  charges,
  maxCharges: 5,
  reChargeSpeed: 600_000,
  msToNext: charges >= 5 ? 0 : 240_000,
  progress: 0.6,
});

describe('energyOverView', () => {
  it('is over only at zero charges', () => {
    expect(energyOverView(true, 'fulfilled', live(0))).toEqual({ kind: 'empty', live: live(0) });
    expect(energyOverView(true, 'fulfilled', live(1))).toEqual({ kind: 'charged', live: live(1) });
    expect(energyOverView(true, 'fulfilled', live(4))).toEqual({ kind: 'charged', live: live(4) });
    // Every charge back: nothing left to wait for or to buy.
    expect(energyOverView(true, 'fulfilled', live(5))).toEqual({ kind: 'full', live: live(5) });
  });

  it('tells guests, a pending load and a failed one apart', () => {
    expect(energyOverView(false, 'fulfilled', live(3))).toEqual({ kind: 'guest' });
    expect(energyOverView(true, 'idle', null)).toEqual({ kind: 'loading' });
    expect(energyOverView(true, 'pending', null)).toEqual({ kind: 'loading' });
    expect(energyOverView(true, 'rejected', null)).toEqual({ kind: 'failed' });
    // A reload that fails keeps the charges already known.
    expect(energyOverView(true, 'rejected', live(2)).kind).toBe('charged');
  });
});

describe('the title and the way back', () => {
  it('say "Energy is over" / "Okay" at zero, "You have energy" / "Go paint" with charges', () => {
    const empty = energyOverView(true, 'fulfilled', live(0));
    const charged = energyOverView(true, 'fulfilled', live(2));
    expect(energyOverTitle(empty)).toBe('energyOver.title');
    expect(energyOverBack(empty)).toBe('energyOver.okay');
    expect(energyOverTitle(charged)).toBe('energyOver.titleCharged');
    expect(energyOverBack(charged)).toBe('energyOver.goPaint');
    expect(energyOverTitle({ kind: 'loading' })).toBe('energyOver.title');
    const full = energyOverView(true, 'fulfilled', live(5));
    expect(energyOverTitle(full)).toBe('energyOver.titleCharged');
    expect(energyOverBack(full)).toBe('energyOver.goPaint');
  });
});
