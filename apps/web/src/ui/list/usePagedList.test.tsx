import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Page } from './pagination.ts';
import { usePagedList } from './usePagedList.ts';

type Row = { id: number };

interface Call {
  offset: number;
  limit: number;
  signal: AbortSignal;
  resolve: (page: Page<Row, null>) => void;
}

function controlledLoader() {
  const calls: Call[] = [];
  const load = (offset: number, limit: number, signal: AbortSignal) =>
    new Promise<Page<Row, null>>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      calls.push({ offset, limit, signal, resolve });
    });
  return { calls, load };
}

const page = (from: number, count: number, total: number): Page<Row, null> => ({
  items: Array.from({ length: count }, (_, i) => ({ id: from + i })),
  total,
  extra: null,
});

async function settle(fn: () => void) {
  await act(async () => {
    fn();
    await Promise.resolve();
  });
}

describe('usePagedList', () => {
  it('loads the first page, then appends with the next offset', async () => {
    const { calls, load } = controlledLoader();
    const { result } = renderHook(() => usePagedList({ key: 'a', pageSize: 20, assumedTotal: 500, load }));
    expect(calls.map((c) => c.offset)).toEqual([0]);
    expect(result.current.state.status).toBe('pending');
    await settle(() => calls[0]?.resolve(page(1, 20, 30)));
    expect(result.current.state).toMatchObject({ offset: 20, total: 30, status: 'fulfilled' });

    act(() => result.current.loadMore());
    expect(calls.map((c) => [c.offset, c.limit])).toEqual([
      [0, 20],
      [20, 20],
    ]);
    await settle(() => calls[1]?.resolve(page(21, 10, 30)));
    expect(result.current.state.items).toHaveLength(30);
    expect(result.current.state.offset).toBe(40);
  });

  it('asks for nothing more while a page is pending or once the list is exhausted', async () => {
    const { calls, load } = controlledLoader();
    const { result } = renderHook(() => usePagedList({ key: 'a', pageSize: 20, assumedTotal: 500, load }));
    act(() => result.current.loadMore());
    act(() => result.current.loadMore());
    expect(calls).toHaveLength(1);
    await settle(() => calls[0]?.resolve(page(1, 5, 5)));
    act(() => result.current.loadMore());
    expect(calls).toHaveLength(1);
  });

  it('a new key aborts the request in flight and clears the list', async () => {
    const { calls, load } = controlledLoader();
    const { result, rerender } = renderHook(
      ({ key }) => usePagedList({ key, pageSize: 20, assumedTotal: 500, load }),
      { initialProps: { key: 'painters:day' } },
    );
    await settle(() => calls[0]?.resolve(page(1, 20, 100)));
    act(() => result.current.loadMore());
    const inFlight = calls[1];
    expect(inFlight?.signal.aborted).toBe(false);

    rerender({ key: 'painters:week' });
    expect(inFlight?.signal.aborted).toBe(true);
    expect(result.current.state).toMatchObject({
      key: 'painters:week',
      items: [],
      offset: 0,
      status: 'pending',
    });
    expect(calls[2]?.offset).toBe(0);

    // The aborted page never lands in the new list.
    await settle(() => inFlight?.resolve(page(21, 20, 100)));
    expect(result.current.state.items).toEqual([]);
    await settle(() => calls[2]?.resolve(page(500, 3, 3)));
    expect(result.current.state.items.map((r) => r.id)).toEqual([500, 501, 502]);
  });

  it('a failed page can be retried from the same offset', async () => {
    const calls: number[] = [];
    let fail = true;
    const load = async (offset: number) => {
      calls.push(offset);
      if (fail) throw new Error('offline');
      return page(1, 20, 100);
    };
    const { result } = renderHook(() => usePagedList({ key: 'a', pageSize: 20, assumedTotal: 500, load }));
    await settle(() => {});
    expect(result.current.state.status).toBe('rejected');
    fail = false;
    await settle(() => result.current.loadMore());
    expect(calls).toEqual([0, 0]);
    expect(result.current.state).toMatchObject({ status: 'fulfilled', offset: 20 });
  });

  it('loads nothing for a null key', () => {
    const { calls, load } = controlledLoader();
    renderHook(() => usePagedList({ key: null, pageSize: 20, assumedTotal: 500, load }));
    expect(calls).toHaveLength(0);
  });
});
