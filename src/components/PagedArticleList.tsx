import { appConfig } from '../../app.config.ts';
import type { ArticleCard } from '../api/types.ts';
import { ArticleCardView } from './ArticleCardView.tsx';
import { LoadMoreButton } from './LoadMoreButton.tsx';
import { type Batch, useLoadMore } from './useLoadMore.ts';

/**
 * A list page's articles (a tag's, an author's): the first batch from the page's data, 'more' appends the
 * next (SPEC §9), the button gone once a batch is short. Key it by what it lists: another one starts afresh.
 */
export function PagedArticleList({
  initial,
  initialNext,
  fetchBatch,
  label,
  emptyText,
}: {
  initial: ArticleCard[];
  /** The first batch's cursor (`next`): the following batches are asked after it. */
  initialNext?: string;
  /** Stable (useCallback): the list asks it for each batch after the first, with the last batch's cursor. */
  fetchBatch: (offset: number, after?: string) => Promise<Batch<ArticleCard>>;
  label: string;
  emptyText: string;
}) {
  const pageSize = appConfig.pagination.defaultLimit;
  const { items, status, error, exhausted, lastBatch, loadMore } = useLoadMore(initial, fetchBatch, pageSize, initialNext);
  return (
    <section aria-label={label} className="mx-auto max-w-7xl px-4 pb-8 md:px-6">
      <ul className="article-list grid gap-x-6 gap-y-12 md:grid-cols-2 lg:grid-cols-3" data-testid="article-list">
        {items.map((article, index) => (
          <li key={article.id}>
            <ArticleCardView article={article} eager={index < 3} priority={index === 0} />
          </li>
        ))}
      </ul>
      {items.length === 0 ? <p className="py-10 text-center text-lg">{emptyText}</p> : null}
      {exhausted ? null : (
        <LoadMoreButton
          status={status}
          error={error}
          onClick={loadMore}
          label="Plus d'articles"
          announcement={lastBatch > 0 ? `${lastBatch} articles de plus, ${items.length} au total.` : ''}
        />
      )}
    </section>
  );
}
