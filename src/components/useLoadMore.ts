/**
 * SPEC §4/§9 lists: 'more' appends the next batch. The first batch comes from the loader (server
 * rendered); the offset then equals the number of items loaded and grows by one batch per call.
 * The button goes away once a batch comes back smaller than `hideBelow`.
 */
import { useCallback, useRef, useState } from 'react';

export type LoadMoreStatus = 'idle' | 'loading' | 'error';

export function useLoadMore<T>(
  initial: readonly T[],
  fetchBatch: (offset: number) => Promise<readonly T[]>,
  hideBelow: number,
) {
  const [items, setItems] = useState<readonly T[]>(initial);
  const [status, setStatus] = useState<LoadMoreStatus>('idle');
  const [exhausted, setExhausted] = useState(initial.length < hideBelow);
  const [lastBatch, setLastBatch] = useState(0);
  const busy = useRef(false);

  const loadMore = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setStatus('loading');
    try {
      const batch = await fetchBatch(items.length);
      setItems((current) => [...current, ...batch]);
      setLastBatch(batch.length);
      if (batch.length < hideBelow) setExhausted(true);
      setStatus('idle');
    } catch {
      setStatus('error');
    } finally {
      busy.current = false;
    }
  }, [fetchBatch, hideBelow, items.length]);

  return { items, status, exhausted, lastBatch, loadMore };
}
