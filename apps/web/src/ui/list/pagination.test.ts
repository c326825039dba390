import { describe, expect, it } from 'vitest';
import { hasMore, initialPaged, isFirstLoad, type PagedState, pagedReducer } from './pagination.ts';

type Row = { id: number };
const rows = (from: number, count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({ id: from + i }));

function receive(state: PagedState<Row, string>, items: Row[], total: number, key = state.key) {
  return pagedReducer(state, { type: 'received', key, limit: 20, page: { items, total, extra: 'x' } });
}

describe('paged list rules (SPEC §4 Ratings)', () => {
  it('starts idle at offset 0 with the assumed total, as a first load', () => {
    const state = initialPaged<Row, string>('painters:day', 500);
    expect(state).toMatchObject({ items: [], offset: 0, total: 500, status: 'idle' });
    expect(isFirstLoad(state)).toBe(true);
    expect(hasMore(state)).toBe(true);
  });

  it('appends each page and advances the offset by the page limit', () => {
    let state = initialPaged<Row, string>('painters:day', 500);
    state = pagedReducer(state, { type: 'requested', key: 'painters:day' });
    expect(state.status).toBe('pending');
    state = receive(state, rows(1, 20), 45);
    expect(state).toMatchObject({ offset: 20, total: 45, status: 'fulfilled', extra: 'x' });
    state = receive(state, rows(21, 20), 45);
    expect(state.items.map((r) => r.id)).toEqual(rows(1, 40).map((r) => r.id));
    expect(state.offset).toBe(40);
    expect(hasMore(state)).toBe(true);
    state = receive(state, rows(41, 5), 45);
    expect(state.offset).toBe(60);
    expect(hasMore(state)).toBe(false);
  });

  it('is exhausted as soon as the offset reaches the total', () => {
    const state = receive(initialPaged<Row, string>('k', 500), rows(1, 20), 20);
    expect(state.offset).toBe(20);
    expect(hasMore(state)).toBe(false);
  });

  it('drops a page that arrives for another key and clears on a new key', () => {
    let state = receive(initialPaged<Row, string>('painters:day', 500), rows(1, 20), 100);
    const stale = receive(state, rows(21, 20), 100, 'painters:week');
    expect(stale).toBe(state);
    state = pagedReducer(state, { type: 'cleared', key: 'painters:week', assumedTotal: 500 });
    expect(state).toEqual(initialPaged('painters:week', 500));
  });

  it('does not show a row twice when the board moved between pages', () => {
    let state = receive(initialPaged<Row, string>('k', 500), rows(1, 20), 100);
    state = receive(state, rows(20, 20), 100);
    expect(state.items).toHaveLength(39);
    expect(state.offset).toBe(40);
  });

  it('keeps the rows it has when a page fails', () => {
    let state = receive(initialPaged<Row, string>('k', 500), rows(1, 20), 100);
    state = pagedReducer(state, { type: 'failed', key: 'k' });
    expect(state).toMatchObject({ status: 'rejected', offset: 20 });
    expect(state.items).toHaveLength(20);
    expect(isFirstLoad(state)).toBe(false);
  });
});
