import { useCallback, useEffect, useRef, useState } from 'react';
import type { AsyncStatus } from '../store/asyncStatus.ts';

export interface AsyncLoad<T> {
  status: AsyncStatus;
  /** The last data that arrived; it stays while a newer load is pending. */
  data: T | null;
  error: unknown;
  retry: () => void;
  /** A change the server already confirmed, shown without loading again. */
  update: (change: (data: T) => T) => void;
}

/**
 * Runs `load` on mount and whenever it changes (wrap it in useCallback), aborting the run before.
 * Null loads nothing.
 */
export function useAsync<T>(
  load: ((signal: AbortSignal) => Promise<T>) | null,
  initial: T | null = null,
): AsyncLoad<T> {
  const [state, setState] = useState<Pick<AsyncLoad<T>, 'status' | 'data' | 'error'>>(() => ({
    status: initial === null ? 'idle' : 'fulfilled',
    data: initial,
    error: null,
  }));
  const inFlight = useRef<AbortController | null>(null);

  const run = useCallback(() => {
    inFlight.current?.abort();
    if (!load) return;
    const controller = new AbortController();
    inFlight.current = controller;
    setState((s) => ({ ...s, status: 'pending', error: null }));
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'fulfilled', data, error: null });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((s) => ({ ...s, status: 'rejected', error }));
      },
    );
  }, [load]);

  useEffect(() => {
    run();
    return () => inFlight.current?.abort();
  }, [run]);

  const update = useCallback(
    (change: (data: T) => T) => setState((s) => (s.data === null ? s : { ...s, data: change(s.data) })),
    [],
  );
  return { ...state, retry: run, update };
}
