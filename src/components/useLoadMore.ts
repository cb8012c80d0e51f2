/**
 * SPEC §4/§9 lists: 'more' appends the next batch. The first batch comes from the loader (server
 * rendered); the offset then equals the number of items loaded and grows by one batch per call. A list
 * whose answers carry a cursor (`next`, the article lists, issue 38) passes it back instead: the batch
 * after it is read from the index where the last one stopped, however deep.
 * The button goes away once a batch comes back smaller than `hideBelow`. New data from the loader
 * (the route loaded again) replaces the list, through loading, like any load (`listState.ts`).
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { type ListAction, type ListState, listReducer, loadedList } from './listState.ts';

const moreFailed = 'Le chargement a échoué. Réessayez dans un instant.';

/** A batch and the cursor of the one after it (absent: ask by offset). */
export interface Batch<T> {
  results: readonly T[];
  next?: string;
}

export function useLoadMore<T>(
  initial: readonly T[],
  fetchBatch: (offset: number, after?: string) => Promise<readonly T[] | Batch<T>>,
  hideBelow: number,
  /** The cursor that came with `initial`, if the list has cursors. */
  initialNext?: string,
) {
  const [state, dispatch] = useReducer(listReducer as (state: ListState<T>, action: ListAction<T>) => ListState<T>, initial, (items) =>
    loadedList(items, hideBelow),
  );
  const busy = useRef(false);
  const shown = useRef(initial);
  const next = useRef(initialNext);

  useEffect(() => {
    if (shown.current === initial) return;
    shown.current = initial;
    next.current = initialNext;
    dispatch({ type: 'load' });
    dispatch({ type: 'succeeded', batch: initial, append: false, pageSize: hideBelow });
  }, [initial, hideBelow, initialNext]);

  const loadMore = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    dispatch({ type: 'more' });
    try {
      const answer = await fetchBatch(state.items.length, next.current);
      const batch = Array.isArray(answer) ? (answer as readonly T[]) : (answer as Batch<T>).results;
      next.current = Array.isArray(answer) ? undefined : (answer as Batch<T>).next;
      dispatch({ type: 'succeeded', batch, append: true, pageSize: hideBelow });
    } catch {
      dispatch({ type: 'failed', error: moreFailed });
    } finally {
      busy.current = false;
    }
  }, [fetchBatch, hideBelow, state.items.length]);

  return { ...state, loadMore };
}
