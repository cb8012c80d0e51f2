import { describe, expect, it } from 'vitest';
import { type ListAction, listReducer, loadedList } from './listState.ts';

const run = <T>(actions: ListAction<T>[], start = loadedList<T>([], 3)) => actions.reduce(listReducer<T>, start);

describe('list state (SPEC §4)', () => {
  it('starts from the server-rendered page as a success', () => {
    expect(loadedList([1, 2, 3], 3)).toEqual({ status: 'success', items: [1, 2, 3], error: null, exhausted: false, lastBatch: 0 });
    expect(loadedList([1, 2], 3).exhausted).toBe(true);
  });

  it('loading clears earlier results and error; success replaces them', () => {
    const failed = run<number>([{ type: 'more' }, { type: 'failed', error: 'Réseau' }], loadedList([1, 2, 3], 3));
    expect(failed).toMatchObject({ status: 'error', items: [1, 2, 3], error: 'Réseau' });
    const loading = listReducer(failed, { type: 'load' });
    expect(loading).toMatchObject({ status: 'loading', items: [], error: null });
    expect(listReducer(loading, { type: 'succeeded', batch: [7, 8, 9], append: false, pageSize: 3 })).toMatchObject({
      status: 'success',
      items: [7, 8, 9],
      lastBatch: 0,
    });
  });

  it("'more' keeps the items while loading and appends the batch", () => {
    const start = loadedList([1, 2, 3], 3);
    const loading = listReducer(start, { type: 'more' });
    expect(loading).toMatchObject({ status: 'loading', items: [1, 2, 3] });
    const done = listReducer(loading, { type: 'succeeded', batch: [4, 5, 6], append: true, pageSize: 3 });
    expect(done).toMatchObject({ status: 'success', items: [1, 2, 3, 4, 5, 6], exhausted: false, lastBatch: 3 });
    const last = run<number>([{ type: 'more' }, { type: 'succeeded', batch: [7], append: true, pageSize: 3 }], done);
    expect(last).toMatchObject({ items: [1, 2, 3, 4, 5, 6, 7], exhausted: true, lastBatch: 1 });
  });

  it("a failed 'more' keeps what was shown; a retry clears the error", () => {
    const failed = run<number>([{ type: 'more' }, { type: 'failed', error: 'Réseau' }], loadedList([1, 2, 3], 3));
    expect(failed).toMatchObject({ status: 'error', items: [1, 2, 3], error: 'Réseau' });
    expect(listReducer(failed, { type: 'more' })).toMatchObject({ status: 'loading', items: [1, 2, 3], error: null });
  });
});
