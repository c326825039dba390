import type { ChargeRules, ChargeState } from '@pixel-wall/shared';
import { msUntilNextCharge, refillCharges } from '@pixel-wall/shared/core';
import type { ChargesSnapshot } from './miningSlice.ts';

export interface LiveCharges {
  charges: number;
  maxCharges: number;
  /** ms per charge */
  reChargeSpeed: number;
  /** ms until the next charge; 0 at max */
  msToNext: number;
  /** 0…1 through the current recharge; 1 at max (the bar resets there) */
  progress: number;
}

/** The charge count at `now`, refilled from the server snapshot with the shared rules. */
export function liveCharges(snapshot: ChargesSnapshot, now: number): LiveCharges {
  const { maxCharges, reChargeSpeed } = snapshot;
  const rules: ChargeRules = { max: maxCharges, speedMs: Math.max(1, reChargeSpeed) };
  const full = { charges: snapshot.charges, maxCharges, reChargeSpeed, msToNext: 0, progress: 1 };
  if (snapshot.charges >= maxCharges) return full;
  // The timer counts down within the current cycle; turn it back into the cycle's start.
  const intoCycle = Math.min(rules.speedMs, Math.max(0, rules.speedMs - snapshot.reChargeTimer));
  const state: ChargeState = { charges: snapshot.charges, updatedAt: snapshot.syncedAt - intoCycle };
  const refilled = refillCharges(state, rules, now);
  if (refilled.charges >= maxCharges) return { ...full, charges: refilled.charges };
  const msToNext = msUntilNextCharge(state, rules, now);
  return {
    charges: refilled.charges,
    maxCharges,
    reChargeSpeed,
    msToNext,
    progress: Math.min(1, Math.max(0, 1 - msToNext / rules.speedMs)),
  };
}
