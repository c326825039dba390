/**
 * The hidden game's feedback on the wall: a flying notice ('Gotcha!' / 'Wrong color') at the
 * painted pixel for 1 s, and after a find a reward marker on that pixel for 4 s (SPEC §9).
 */
import type { HiddenOutcome } from '@pixel-wall/shared';
import { HIDDEN_MARKER_MS, HIDDEN_NOTICE_MS } from '@pixel-wall/shared/core';

export interface HiddenNotice {
  id: number;
  x: number;
  y: number;
  result: HiddenOutcome['result'];
  amount: number;
  /** epoch ms it appeared */
  at: number;
}

let nextId = 1;

/** The notice for a paint result at pixel (x, y), or null when the paint was off the template. */
export function noticeOf(
  hidden: HiddenOutcome | null | undefined,
  x: number,
  y: number,
  now: number,
): HiddenNotice | null {
  if (!hidden) return null;
  return { id: nextId++, x, y, result: hidden.result, amount: hidden.amount, at: now };
}

/** Notices still flying, and markers still shown, at `now`. */
export function liveNotices(list: readonly HiddenNotice[], now: number): HiddenNotice[] {
  return list.filter((n) => now - n.at < (n.result === 'gotcha' ? HIDDEN_MARKER_MS : HIDDEN_NOTICE_MS));
}

export const isFlying = (n: HiddenNotice, now: number): boolean => now - n.at < HIDDEN_NOTICE_MS;
