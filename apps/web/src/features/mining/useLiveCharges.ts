import { useEffect, useState } from 'react';
import { type LiveCharges, liveCharges } from '../../store/charges.ts';
import { useAppSelector } from '../../store/hooks.ts';
import { selectCharges } from '../../store/miningSlice.ts';

/** Countdown refresh interval (SPEC §9). */
export const COUNTDOWN_REFRESH_MS = 500;

/** Live charges that tick while recharging; null until mining status has loaded. */
export function useLiveCharges(intervalMs = COUNTDOWN_REFRESH_MS): LiveCharges | null {
  const snapshot = useAppSelector(selectCharges);
  const [now, setNow] = useState(() => Date.now());
  const recharging = snapshot !== null && snapshot.charges < snapshot.maxCharges;

  useEffect(() => {
    setNow(Date.now());
    if (!recharging) return;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [recharging, intervalMs]);

  return snapshot ? liveCharges(snapshot, Math.max(now, snapshot.syncedAt)) : null;
}
