/**
 * A list loaded a page at a time (SPEC §4 Ratings): pages append and the offset advances by the
 * page limit; a new key (section, period) clears the list; more is fetched only while the offset is
 * below the total. Pure, so the rules are tested without React.
 */
import type { AsyncStatus } from '../../store/asyncStatus.ts';

export interface Page<T, E> {
  items: T[];
  total: number;
  /** What the response carries besides the rows (own place, own squad). */
  extra: E;
}

export interface PagedState<T, E> {
  /** Which list this is, e.g. `painters:week`; a page that arrives for another key is dropped. */
  key: string;
  items: T[];
  offset: number;
  total: number;
  status: AsyncStatus;
  extra: E | null;
}

export type PagedAction<T, E> =
  | { type: 'cleared'; key: string; assumedTotal: number }
  | { type: 'requested'; key: string }
  | { type: 'received'; key: string; limit: number; page: Page<T, E> }
  | { type: 'failed'; key: string };

export function initialPaged<T, E>(key: string, assumedTotal: number): PagedState<T, E> {
  return { key, items: [], offset: 0, total: assumedTotal, status: 'idle', extra: null };
}

export function pagedReducer<T extends { id: number }, E>(
  state: PagedState<T, E>,
  action: PagedAction<T, E>,
): PagedState<T, E> {
  if (action.type === 'cleared') return initialPaged(action.key, action.assumedTotal);
  if (action.key !== state.key) return state;
  switch (action.type) {
    case 'requested':
      return { ...state, status: 'pending' };
    case 'received': {
      // Boards move while a player scrolls: a row pushed onto the next page is not shown twice.
      const seen = new Set(state.items.map((item) => item.id));
      const fresh = action.page.items.filter((item) => !seen.has(item.id));
      return {
        ...state,
        items: [...state.items, ...fresh],
        offset: state.offset + action.limit,
        total: action.page.total,
        status: 'fulfilled',
        extra: action.page.extra,
      };
    }
    case 'failed':
      return { ...state, status: 'rejected' };
  }
}

export function hasMore(state: Pick<PagedState<unknown, unknown>, 'offset' | 'total'>): boolean {
  return state.offset < state.total;
}

/** The first page is still on its way: skeleton rows, not an empty list. */
export function isFirstLoad(state: Pick<PagedState<unknown, unknown>, 'items' | 'status'>): boolean {
  return state.items.length === 0 && (state.status === 'idle' || state.status === 'pending');
}
