/**
 * SPEC §4/§9 lists: 'more' appends the next batch. The first batch comes from the loader (server
 * rendered); the offset then equals the number of items loaded and grows by one batch per call.
 * The button goes away once a batch comes back smaller than `hideBelow`. New data from the loader
 * (the route loaded again) replaces the list, through loading, like any load (`listState.ts`).
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { type ListAction, type ListState, listReducer, loadedList } from './listState.ts';

const moreFailed = 'Le chargement a échoué. Réessayez dans un instant.';

export function useLoadMore<T>(initial: readonly T[], fetchBatch: (offset: number) => Promise<readonly T[]>, hideBelow: number) {
  const [state, dispatch] = useReducer(listReducer as (state: ListState<T>, action: ListAction<T>) => ListState<T>, initial, (items) =>
    loadedList(items, hideBelow),
  );
  const busy = useRef(false);
  const shown = useRef(initial);

  useEffect(() => {
    if (shown.current === initial) return;
    shown.current = initial;
    dispatch({ type: 'load' });
    dispatch({ type: 'succeeded', batch: initial, append: false, pageSize: hideBelow });
  }, [initial, hideBelow]);

  const loadMore = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    dispatch({ type: 'more' });
    try {
      const batch = await fetchBatch(state.items.length);
      dispatch({ type: 'succeeded', batch, append: true, pageSize: hideBelow });
    } catch {
      dispatch({ type: 'failed', error: moreFailed });
    } finally {
      busy.current = false;
    }
  }, [fetchBatch, hideBelow, state.items.length]);

  return { ...state, loadMore };
}
