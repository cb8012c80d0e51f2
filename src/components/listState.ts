/**
 * A list resource's state (SPEC §4 lists): it moves through loading, success and error. Loading a list
 * clears its earlier results and error; loading more keeps them and appends the next batch; an error
 * keeps what was shown (a failed 'more' loses nothing) and can be retried.
 */
export type ListStatus = 'loading' | 'success' | 'error';

export interface ListState<T> {
  status: ListStatus;
  items: readonly T[];
  error: string | null;
  /** True once a batch came back smaller than the page: no 'more' left. */
  exhausted: boolean;
  /** Size of the last batch appended (for the announcement), 0 before any. */
  lastBatch: number;
}

export type ListAction<T> =
  | { type: 'load' }
  | { type: 'more' }
  | { type: 'succeeded'; batch: readonly T[]; append: boolean; pageSize: number }
  | { type: 'failed'; error: string };

export function loadedList<T>(items: readonly T[], pageSize: number): ListState<T> {
  return { status: 'success', items, error: null, exhausted: items.length < pageSize, lastBatch: 0 };
}

export function listReducer<T>(state: ListState<T>, action: ListAction<T>): ListState<T> {
  switch (action.type) {
    case 'load':
      return { status: 'loading', items: [], error: null, exhausted: false, lastBatch: 0 };
    case 'more':
      return { ...state, status: 'loading', error: null };
    case 'succeeded':
      return {
        status: 'success',
        items: action.append ? [...state.items, ...action.batch] : action.batch,
        error: null,
        exhausted: action.batch.length < action.pageSize,
        lastBatch: action.append ? action.batch.length : 0,
      };
    case 'failed':
      return { ...state, status: 'error', error: action.error };
  }
}
