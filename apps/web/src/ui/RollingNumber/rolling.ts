/**
 * The digit roll on counters (SPEC §9: 500 ms): a changed number counts from its old value to the
 * new one, fast at first and settling at the end. Pure, so it can be tested against a clock.
 */
import { GAME_DEFAULTS } from '@pixel-wall/shared/core';

export const DIGIT_ROLL_MS = GAME_DEFAULTS.timing.digitRollMs;

/** Ease-out cubic on [0, 1]. */
function easeOut(t: number): number {
  return 1 - (1 - t) ** 3;
}

/** The whole number shown `elapsed` ms into a roll from `from` to `to`. */
export function rolledValue(from: number, to: number, elapsed: number, duration = DIGIT_ROLL_MS): number {
  if (elapsed >= duration || from === to) return to;
  const t = easeOut(Math.max(0, elapsed) / duration);
  const v = from + (to - from) * t;
  return to > from ? Math.floor(v) : Math.ceil(v);
}
