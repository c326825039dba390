/**
 * The tournament calendar, from the operator's settings alone (no state): from `startMs`, rounds of
 * `roundMs` each followed by a break of `breakMs`; `rounds` of them, or endless when 0. Round ids
 * count from 1. Every instance computes the same periods from the same configuration.
 */
import type { TournamentPeriod } from '@pixel-wall/shared';

export interface TournamentSchedule {
  startMs: number;
  roundMs: number;
  /** 0: rounds follow each other with no break */
  breakMs: number;
  /** 0: endless */
  rounds: number;
}

function cycle(s: TournamentSchedule): number {
  return s.roundMs + s.breakMs;
}

export function roundPeriod(s: TournamentSchedule, roundId: number): TournamentPeriod {
  const startsAt = s.startMs + (roundId - 1) * cycle(s);
  return { kind: 'round', roundId, startsAt, endsAt: startsAt + s.roundMs };
}

export function breakPeriod(s: TournamentSchedule, roundId: number): TournamentPeriod {
  const startsAt = s.startMs + (roundId - 1) * cycle(s) + s.roundMs;
  return { kind: 'break', roundId, startsAt, endsAt: startsAt + s.breakMs };
}

/** The round whose cycle (round, then break) contains `now`; null before the start or after the end. */
function cycleAt(s: TournamentSchedule, now: number): number | null {
  if (now < s.startMs) return null;
  const id = Math.floor((now - s.startMs) / cycle(s)) + 1;
  if (s.rounds > 0 && id > s.rounds) return null;
  return id;
}

/** The period under way at `now`; null before the first round and after the last one's break. */
export function periodAt(s: TournamentSchedule, now: number): TournamentPeriod | null {
  const id = cycleAt(s, now);
  if (id === null) return null;
  const round = roundPeriod(s, id);
  return now < round.endsAt ? round : breakPeriod(s, id);
}

/** The round an upload made at `now` enters: the round under way, else the next one. */
export function uploadRound(s: TournamentSchedule, now: number): number | null {
  if (now < s.startMs) return 1;
  const active = periodAt(s, now);
  if (!active) return null;
  if (active.kind === 'round') return active.roundId;
  const next = active.roundId + 1;
  return s.rounds > 0 && next > s.rounds ? null : next;
}

/** The last round that has ended by `now`; null when none has. */
export function lastEndedRound(s: TournamentSchedule, now: number): number | null {
  if (now < s.startMs + s.roundMs) return null;
  let id = Math.floor((now - s.startMs - s.roundMs) / cycle(s)) + 1;
  if (s.rounds > 0) id = Math.min(id, s.rounds);
  return id;
}

/** Periods around `now` (a round, then its break unless breaks are off): `before` cycles back, `after` ahead. */
export function periodsAround(s: TournamentSchedule, now: number, before = 1, after = 2): TournamentPeriod[] {
  const here = cycleAt(s, now) ?? (now < s.startMs ? 1 : s.rounds);
  const first = Math.max(1, here - before);
  let last = here + after;
  if (s.rounds > 0) last = Math.min(last, s.rounds);
  const out: TournamentPeriod[] = [];
  for (let id = first; id <= last; id++) {
    out.push(roundPeriod(s, id));
    if (s.breakMs > 0) out.push(breakPeriod(s, id));
  }
  return out;
}
