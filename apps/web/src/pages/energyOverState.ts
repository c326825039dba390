/**
 * What /energy-over shows. The page is where a paint at zero charges lands, but it can be opened
 * (or stay open) once charges are back: then it says so, instead of "Energy is over".
 */
import type { AsyncStatus } from '../store/asyncStatus.ts';
import type { LiveCharges } from '../store/charges.ts';

export type EnergyOverView =
  | { kind: 'guest' }
  | { kind: 'loading' }
  | { kind: 'failed' }
  /** no charges: the countdown to the next one */
  | { kind: 'empty'; live: LiveCharges }
  /** charges to paint with, some still coming back */
  | { kind: 'charged'; live: LiveCharges }
  /** every charge back: nothing to wait for, nothing to buy */
  | { kind: 'full'; live: LiveCharges };

export function energyOverView(
  signedIn: boolean,
  load: AsyncStatus,
  live: LiveCharges | null,
): EnergyOverView {
  if (!signedIn) return { kind: 'guest' };
  if (live) {
    if (live.charges >= live.maxCharges) return { kind: 'full', live };
    return live.charges > 0 ? { kind: 'charged', live } : { kind: 'empty', live };
  }
  return load === 'rejected' ? { kind: 'failed' } : { kind: 'loading' };
}

/** The page title's translation key: "Energy is over" unless there are charges to paint with. */
export function energyOverTitle(view: EnergyOverView): 'energyOver.title' | 'energyOver.titleCharged' {
  return view.kind === 'charged' || view.kind === 'full' ? 'energyOver.titleCharged' : 'energyOver.title';
}

/** The way back to the Wall: "Go paint" with charges, else "Okay". */
export function energyOverBack(view: EnergyOverView): 'energyOver.goPaint' | 'energyOver.okay' {
  return view.kind === 'charged' || view.kind === 'full' ? 'energyOver.goPaint' : 'energyOver.okay';
}
