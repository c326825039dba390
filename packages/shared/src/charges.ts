/**
 * Energy charges: one is spent per paint, one comes back every `speedMs` until `max`.
 * State is stored as (charges, updatedAt) and refilled lazily, so nothing ticks on the server.
 * While charges are at max the timer stands still: updatedAt is "now" and the bar resets.
 */
export interface ChargeState {
  readonly charges: number;
  /** ms since the epoch the refill counts from. */
  readonly updatedAt: number;
}

export interface ChargeRules {
  readonly max: number;
  readonly speedMs: number;
}

export function refillCharges(state: ChargeState, rules: ChargeRules, now: number): ChargeState {
  if (state.charges >= rules.max) return { charges: Math.max(state.charges, rules.max), updatedAt: now };
  const elapsed = Math.max(0, now - state.updatedAt);
  const gained = Math.floor(elapsed / rules.speedMs);
  if (gained <= 0) return state;
  const charges = Math.min(rules.max, state.charges + gained);
  return { charges, updatedAt: charges >= rules.max ? now : state.updatedAt + gained * rules.speedMs };
}

/** Spends `count` charges after refilling; null (nothing spent) when there are not enough. */
export function spendCharges(
  state: ChargeState,
  rules: ChargeRules,
  now: number,
  count = 1,
): ChargeState | null {
  const s = refillCharges(state, rules, now);
  if (s.charges < count) return null;
  // Leaving the full state starts the recharge timer now.
  return { charges: s.charges - count, updatedAt: s.charges >= rules.max ? now : s.updatedAt };
}

/** ms until the next charge comes back; 0 at max. */
export function msUntilNextCharge(state: ChargeState, rules: ChargeRules, now: number): number {
  const s = refillCharges(state, rules, now);
  if (s.charges >= rules.max) return 0;
  return Math.max(0, rules.speedMs - (now - s.updatedAt));
}

/** Adds charges (a refill item), never above max. */
export function addCharges(state: ChargeState, rules: ChargeRules, now: number, count: number): ChargeState {
  const s = refillCharges(state, rules, now);
  const charges = Math.min(rules.max, s.charges + count);
  return { charges, updatedAt: charges >= rules.max ? now : s.updatedAt };
}
