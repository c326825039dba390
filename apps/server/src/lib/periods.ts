/** Rating windows roll over in UTC: day, ISO week (starting Monday) and month. */
export type PeriodKind = 'day' | 'week' | 'month';

function pad(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

export function dayKey(now: number): string {
  const d = new Date(now);
  return `d${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

export function weekKey(now: number): string {
  const d = new Date(now);
  const dow = (d.getUTCDay() + 6) % 7; // Monday = 0
  const monday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - dow));
  return `w${monday.getUTCFullYear()}-${pad(monday.getUTCMonth() + 1)}-${pad(monday.getUTCDate())}`;
}

export function monthKey(now: number): string {
  const d = new Date(now);
  return `m${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

export function periodKey(kind: PeriodKind, now: number): string {
  return kind === 'day' ? dayKey(now) : kind === 'week' ? weekKey(now) : monthKey(now);
}

export function allPeriodKeys(now: number): [string, string, string] {
  return [dayKey(now), weekKey(now), monthKey(now)];
}

/** One UTC day in ms. */
export const DAY_MS = 24 * 3600 * 1000;

/**
 * `allPeriodKeys` for the times of one committed batch, which span a day or two at most: the keys
 * are formatted once per UTC day, not once per time. Every call of one UTC day returns the same
 * array: copy it to keep it.
 */
export function periodKeysByDay(): (at: number) => readonly [string, string, string] {
  let day = Number.NaN;
  let keys: [string, string, string] = ['', '', ''];
  return (at) => {
    if (Math.floor(at / DAY_MS) !== day) {
      day = Math.floor(at / DAY_MS);
      keys = allPeriodKeys(at);
    }
    return keys;
  };
}
