import type { ArticleCard } from '../api/types.ts';
import { ArticleCardView } from './ArticleCardView.tsx';
import { PagedGrid } from './PagedGrid.tsx';

/** A category's or a tag's articles as cards, by batches: the first three load eagerly, the first one first. */
export function ArticleCardGrid({
  initial,
  fetchBatch,
  label,
  emptyText,
}: {
  initial: readonly ArticleCard[];
  fetchBatch: (offset: number) => Promise<readonly ArticleCard[]>;
  label: string;
  emptyText: string;
}) {
  return (
    <PagedGrid
      label={label}
      initial={initial}
      fetchBatch={fetchBatch}
      render={(article, index) => <ArticleCardView article={article} eager={index < 3} priority={index === 0} />}
      moreLabel="Plus d'articles"
      emptyText={emptyText}
      itemNoun="articles"
      className="pb-8"
      listClassName="article-list"
      listTestId="article-list"
    />
  );
}
