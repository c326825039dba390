import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import { isAbortError } from '../../api/errors.ts';
import { hasMore, initialPaged, type Page, type PagedState, pagedReducer } from './pagination.ts';

export type PageLoader<T, E> = (offset: number, limit: number, signal: AbortSignal) => Promise<Page<T, E>>;

export interface PagedListOptions<T, E> {
  /** Identifies the list; a new key clears it and loads its first page. Null loads nothing. */
  key: string | null;
  pageSize: number;
  /** The total assumed until the first page says (ratings: 500). */
  assumedTotal: number;
  load: PageLoader<T, E>;
}

export interface PagedList<T, E> {
  state: PagedState<T, E>;
  /** The next page, unless one is on its way or the list is exhausted; also the retry. */
  loadMore: () => void;
  /** Clears and loads the first page again (after joining a squad, say). */
  reload: () => void;
}

/** A paged list whose new request aborts the one before it (SPEC §4). */
export function usePagedList<T extends { id: number }, E>(options: PagedListOptions<T, E>): PagedList<T, E> {
  const { key, pageSize, assumedTotal } = options;
  const [state, dispatch] = useReducer(
    pagedReducer<T, E>,
    key ?? '',
    (k): PagedState<T, E> => initialPaged(k, assumedTotal),
  );
  const loadRef = useRef(options.load);
  const stateRef = useRef(state);
  const inFlight = useRef<AbortController | null>(null);
  // In the commit itself, not a passive effect: a tap on "load more" as soon as a page's rows
  // show must see that page received, not the request still pending (it would be dropped).
  useLayoutEffect(() => {
    loadRef.current = options.load;
    stateRef.current = state;
  });

  const fetchPage = useCallback(
    (listKey: string, offset: number) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      dispatch({ type: 'requested', key: listKey });
      // A second tap before the re-render must see the request already pending.
      stateRef.current = { ...stateRef.current, status: 'pending' };
      loadRef.current(offset, pageSize, controller.signal).then(
        (page) => {
          if (!controller.signal.aborted) dispatch({ type: 'received', key: listKey, limit: pageSize, page });
        },
        (error: unknown) => {
          if (controller.signal.aborted || isAbortError(error)) return;
          dispatch({ type: 'failed', key: listKey });
        },
      );
    },
    [pageSize],
  );

  const start = useCallback(
    (listKey: string) => {
      dispatch({ type: 'cleared', key: listKey, assumedTotal });
      stateRef.current = initialPaged(listKey, assumedTotal);
      fetchPage(listKey, 0);
    },
    [assumedTotal, fetchPage],
  );

  useEffect(() => {
    if (key === null) return;
    start(key);
    return () => inFlight.current?.abort();
  }, [key, start]);

  const loadMore = useCallback(() => {
    const current = stateRef.current;
    if (key === null || current.status === 'pending' || !hasMore(current)) return;
    fetchPage(current.key, current.offset);
  }, [key, fetchPage]);

  const reload = useCallback(() => {
    if (key !== null) start(key);
  }, [key, start]);

  return { state, loadMore, reload };
}
