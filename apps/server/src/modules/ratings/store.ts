/**
 * Rating boards: the hot copy of "who ranks where", fed by every committed paint batch and
 * rebuilt from SQL (the source of truth) at start, or when Redis comes back empty.
 *
 * Boards:
 *   'players'                     overall repaints of every player; league pages are score ranges
 *                                 of this one board, so a player changing league moves nowhere
 *   'd2026-11-22' / 'w2026-11-16' / 'm2026-11'
 *                                 repaints within a day / ISO week / month (UTC), keyed like
 *                                 the window columns of users; dropped a day after the window ends
 *   'squads'                      squads by scored repaints
 *
 * Order: score descending, then id ascending (equal scores: the lower id ranks first). Ranks start
 * at 1 and, when a score range is given, count within that range. Only ids with a score appear:
 * a player without repaints has no place.
 *
 * Two implementations pass the same contract (store.contract.ts): memory (embedded) and redis.
 */
import {
  LEAGUE_THRESHOLDS,
  LEAGUES,
  type League,
  SQUAD_LEAGUE_THRESHOLDS,
  SQUAD_LEAGUES,
  type SquadLeague,
} from '@pixel-wall/shared';
import type { Sql } from '../../db/client.ts';
import { allPeriodKeys, DAY_MS, periodKeysByDay } from '../../lib/periods.ts';
import { squadScoresAfter } from '../squads/store.ts';
import { periodScoresAfter, playerScoresAfter } from '../users/store.ts';

export type PeriodBoard = `d${string}` | `w${string}` | `m${string}`;
export type Board = 'players' | 'squads' | PeriodBoard;

/** Scores from `min` (inclusive) up to `max` (exclusive; Infinity for no bound). */
export interface ScoreRange {
  min: number;
  max: number;
}

export interface RatingEntry {
  id: number;
  score: number;
  rank: number;
}

export interface RatingPage {
  entries: RatingEntry[];
  /** entries on the board (within the range, when one is given) */
  total: number;
}

/** The repaints of one player in one committed batch. */
export interface ScoreDelta {
  userId: number;
  squadId: number | null;
  n: number;
  /** epoch ms of the paints: picks the day / week / month boards */
  at: number;
}

export interface ScoreRow {
  id: number;
  score: number;
}

/** Where a rebuild reads the boards from (SQL in production). */
export interface RatingsSource {
  rows(board: Board): AsyncIterable<readonly ScoreRow[]>;
}

export interface RatingsStore {
  /** Adds one committed batch; the lead calls it once per batch, after COMMIT. */
  record(deltas: readonly ScoreDelta[]): Promise<void>;
  page(board: Board, offset: number, limit: number, range?: ScoreRange): Promise<RatingPage>;
  /** The id's place (within the range, if given); null when it has none there. */
  rankOf(board: Board, id: number, range?: ScoreRange): Promise<{ rank: number; score: number } | null>;
  count(board: Board, range?: ScoreRange): Promise<number>;
  /** Sets one score outright, or removes the id (null): moderation. */
  set(board: Board, id: number, score: number | null): Promise<void>;
  /**
   * Fills the boards from `source`: 'players', 'squads' and the windows current at `now`.
   * Memory: replaces everything. Redis: only when the boards are not there yet (a new or emptied
   * Redis); one instance loads while the others wait for it.
   */
  load(source: RatingsSource, now?: number): Promise<void>;
  close(): Promise<void>;
}

export const ALL: ScoreRange = { min: Number.NEGATIVE_INFINITY, max: Number.POSITIVE_INFINITY };

/** Boards are kept this long after their window ends (late readers, awards). */
export const PERIOD_GRACE_MS = DAY_MS;

export function isPeriodBoard(board: Board): board is PeriodBoard {
  return board !== 'players' && board !== 'squads';
}

export function periodBoards(at: number): PeriodBoard[] {
  return allPeriodKeys(at) as PeriodBoard[];
}

const PERIOD_KEY = /^([dwm])(\d{4})-(\d{2})(?:-(\d{2}))?$/;

/** Epoch ms at which the window of a period board ends. */
export function periodEnd(board: PeriodBoard): number {
  const m = PERIOD_KEY.exec(board);
  if (!m) throw new RangeError(`not a period board: ${board}`);
  const year = Number(m[2]);
  const month = Number(m[3]) - 1;
  const day = Number(m[4] ?? 1);
  if (m[1] === 'd') return Date.UTC(year, month, day + 1);
  if (m[1] === 'w') return Date.UTC(year, month, day + 7);
  return Date.UTC(year, month + 1, 1);
}

function rangeOf<L extends string>(order: readonly L[], thresholds: Readonly<Record<L, number>>, league: L) {
  const i = order.indexOf(league);
  const next = order[i + 1];
  return { min: thresholds[league], max: next === undefined ? Number.POSITIVE_INFINITY : thresholds[next] };
}

export function leagueRange(league: League): ScoreRange {
  return rangeOf(LEAGUES, LEAGUE_THRESHOLDS, league);
}

export function squadLeagueRange(league: SquadLeague): ScoreRange {
  return rangeOf(SQUAD_LEAGUES, SQUAD_LEAGUE_THRESHOLDS, league);
}

/** Sums deltas per board and id: what one batch adds. */
export function sumDeltas(deltas: readonly ScoreDelta[]): Map<Board, Map<number, number>> {
  const out = new Map<Board, Map<number, number>>();
  const add = (board: Board, id: number, n: number) => {
    let m = out.get(board);
    if (!m) {
      m = new Map();
      out.set(board, m);
    }
    m.set(id, (m.get(id) ?? 0) + n);
  };
  const windowsAt = periodKeysByDay();
  for (const d of deltas) {
    if (d.n === 0) continue;
    add('players', d.userId, d.n);
    for (const p of windowsAt(d.at) as readonly PeriodBoard[]) add(p, d.userId, d.n);
    if (d.squadId !== null) add('squads', d.squadId, d.n);
  }
  return out;
}

const CHUNK = 20_000;

/**
 * Boards as SQL has them, read in id-ordered chunks (keyset pagination, so a million players never
 * sit in one result). Banned players have no place.
 */
export function createSqlRatingsSource(db: Pick<Sql, 'query'>, chunk = CHUNK): RatingsSource {
  function read(board: Board, after: number): Promise<{ id: number | string; score: number | string }[]> {
    if (board === 'players') return playerScoresAfter(db, after, chunk);
    if (board === 'squads') return squadScoresAfter(db, after, chunk);
    return periodScoresAfter(db, board, after, chunk);
  }
  return {
    async *rows(board) {
      let after = 0;
      for (;;) {
        const rows = await read(board, after);
        if (rows.length === 0) return;
        // PGlite returns int8 as number, node-postgres as configured in db/client.ts: normalise.
        const out = rows.map((r) => ({ id: Number(r.id), score: Number(r.score) }));
        yield out;
        if (rows.length < chunk) return;
        after = out[out.length - 1]!.id;
      }
    },
  };
}
