import type { ReactNode } from 'react';
import { appConfig } from '../../app.config.ts';
import { LoadMoreButton } from './LoadMoreButton.tsx';
import { useLoadMore } from './useLoadMore.ts';

/** A grid of items with SPEC §9 pagination: 12 per batch, 'more' appends, hidden once a batch is short. */
export function PagedGrid<T extends { id: number }>({
  initial,
  fetchBatch,
  render,
  moreLabel,
  emptyText,
  label,
}: {
  initial: readonly T[];
  fetchBatch: (offset: number) => Promise<readonly T[]>;
  render: (item: T, index: number) => ReactNode;
  moreLabel: string;
  emptyText: string;
  label: string;
}) {
  const pageSize = appConfig.pagination.defaultLimit;
  const { items, status, error, exhausted, lastBatch, loadMore } = useLoadMore(initial, fetchBatch, pageSize);
  return (
    <section aria-label={label} className="mx-auto max-w-7xl px-4 md:px-6">
      <ul className="grid gap-x-6 gap-y-12 md:grid-cols-2 lg:grid-cols-3">
        {items.map((item, index) => (
          <li key={item.id}>{render(item, index)}</li>
        ))}
      </ul>
      {items.length === 0 ? <p className="py-10 text-center text-lg">{emptyText}</p> : null}
      {exhausted ? null : (
        <LoadMoreButton
          status={status}
          error={error}
          onClick={loadMore}
          label={moreLabel}
          announcement={lastBatch > 0 ? `${lastBatch} de plus, ${items.length} au total.` : ''}
        />
      )}
    </section>
  );
}
