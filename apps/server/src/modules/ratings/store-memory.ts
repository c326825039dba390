/**
 * Embedded rating boards: per board, a map id → score plus an order-statistic index over
 * (score desc, id asc) (rank-index.ts). A batch moves each touched id once (delete, insert).
 * A page is O(log n + limit) and a player's own rank O(log n), at any offset. Everything runs
 * synchronously, so a reader never sees half a batch.
 */
import { RankIndex } from './rank-index.ts';
import {
  ALL,
  type Board,
  isPeriodBoard,
  PERIOD_GRACE_MS,
  periodBoards,
  periodEnd,
  type RatingPage,
  type RatingsSource,
  type RatingsStore,
  type ScoreRange,
  sumDeltas,
} from './store.ts';

interface BoardState {
  index: RankIndex;
  scores: Map<number, number>;
  /** epoch ms after which a period board is dropped; Infinity for the others */
  expiresAt: number;
}

export interface MemoryRatingsOptions {
  now?: () => number;
}

export function createMemoryRatingsStore(opts: MemoryRatingsOptions = {}): RatingsStore {
  const now = opts.now ?? Date.now;
  const boards = new Map<Board, BoardState>();

  function state(board: Board): BoardState {
    let s = boards.get(board);
    if (!s) {
      s = {
        index: new RankIndex(),
        scores: new Map(),
        expiresAt: isPeriodBoard(board) ? periodEnd(board) + PERIOD_GRACE_MS : Number.POSITIVE_INFINITY,
      };
      boards.set(board, s);
    }
    return s;
  }

  function put(s: BoardState, id: number, score: number | null, old = s.scores.get(id)): void {
    if (old !== undefined) s.index.delete(id, old);
    if (score === null) s.scores.delete(id);
    else {
      s.scores.set(id, score);
      s.index.insert(id, score);
    }
  }

  function dropExpired(t: number): void {
    for (const [board, s] of boards) if (s.expiresAt < t) boards.delete(board);
  }

  function bounds(s: BoardState, range: ScoreRange): { above: number; total: number } {
    const above = s.index.countAtLeast(range.max);
    return { above, total: s.index.countAtLeast(range.min) - above };
  }

  return {
    async record(deltas) {
      for (const [board, byId] of sumDeltas(deltas)) {
        const s = state(board);
        for (const [id, n] of byId) {
          const old = s.scores.get(id);
          put(s, id, (old ?? 0) + n, old);
        }
      }
      dropExpired(now());
    },

    async page(board, offset, limit, range = ALL): Promise<RatingPage> {
      const s = boards.get(board);
      if (!s) return { entries: [], total: 0 };
      const { above, total } = bounds(s, range);
      if (offset >= total) return { entries: [], total };
      const rows = s.index.slice(above + offset, Math.min(limit, total - offset));
      return { entries: rows.map((r, i) => ({ id: r.id, score: r.score, rank: offset + i + 1 })), total };
    },

    async rankOf(board, id, range = ALL) {
      const s = boards.get(board);
      const score = s?.scores.get(id);
      if (!s || score === undefined || score < range.min || score >= range.max) return null;
      return { rank: s.index.countBefore(score, id) - s.index.countAtLeast(range.max) + 1, score };
    },

    async count(board, range = ALL) {
      const s = boards.get(board);
      return s ? bounds(s, range).total : 0;
    },

    async set(board, id, score) {
      if (score === null && !boards.has(board)) return;
      put(state(board), id, score);
    },

    async load(source: RatingsSource, at = now()) {
      boards.clear();
      for (const board of ['players', 'squads', ...periodBoards(at)] as Board[]) {
        const s = state(board);
        for await (const rows of source.rows(board)) for (const r of rows) put(s, r.id, r.score);
      }
    },

    async close() {
      boards.clear();
    },
  };
}
