/**
 * Live mining (SPEC §3 Mining): PX accrue at speedPerSecond from the last claim, for at most
 * maxMiningTime seconds. The server reports seconds since the last claim (fromUpdate, uncapped);
 * the client counts on from when that arrived.
 */
import { formatNumber } from '../../i18n/format.ts';
import type { SupportedLanguage } from '../../i18n/languages.ts';

export interface MiningClock {
  /** seconds since the last claim when the status arrived */
  fromUpdate: number;
  /** cap, in seconds */
  maxMiningTime: number;
  speedPerSecond: number;
  /** client epoch ms the status arrived */
  receivedAt: number;
}

export interface LivePx {
  /** PX accrued, rounded down to 3 decimals */
  px: number;
  /** seconds counted, capped */
  seconds: number;
  /** 0…1 of the cap */
  progress: number;
  full: boolean;
}

export function livePx(clock: MiningClock, now: number): LivePx {
  const max = Math.max(0, clock.maxMiningTime);
  const seconds = Math.min(max, Math.max(0, clock.fromUpdate + (now - clock.receivedAt) / 1000));
  // milli-PX, rounded down, as the server counts them.
  const microPerSecond = Math.round(clock.speedPerSecond * 1_000_000);
  const milli = Math.floor((Math.round(seconds * 1000) * microPerSecond) / 1_000_000);
  return {
    px: milli / 1000,
    seconds,
    progress: max > 0 ? seconds / max : 1,
    full: seconds >= max,
  };
}

const PX_DIGITS: Intl.NumberFormatOptions = {
  minimumFractionDigits: 3,
  maximumFractionDigits: 3,
  roundingMode: 'floor',
};

/** PX always with three decimals, rounded down, in the language's digits: '1,234.567' (en), '1.234,567' (de). */
export function formatPx(language: SupportedLanguage, px: number): string {
  return formatNumber(language, px, PX_DIGITS);
}
