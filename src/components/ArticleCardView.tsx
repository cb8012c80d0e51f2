import type { ArticleCard } from '../api/types.ts';

export function ArticleCardView({ article, eager = false }: { article: ArticleCard; eager?: boolean }) {
  return (
    <article className="overflow-hidden rounded-lg bg-white shadow-sm">
      <a href={article.fullUrl} className="block focus-visible:outline-2 focus-visible:outline-piment">
        <img
          src={article.mainImage.url}
          alt={article.mainImage.alt}
          width={article.mainImage.width}
          height={article.mainImage.height}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-[3/2] h-auto w-full object-cover"
        />
        <div className="p-4">
          {article.stamp ? (
            <span className="text-xs font-bold uppercase tracking-wide text-piment-dark">{article.stamp}</span>
          ) : null}
          <h2 className="font-display text-xl font-bold">{article.title}</h2>
          <p className="mt-1 text-sm text-encre/80">{article.subtitle}</p>
        </div>
      </a>
      <a href={`/${article.categorySlug}`} className="block px-4 pb-4 text-sm font-semibold text-piment-dark underline">
        {article.categoryName}
      </a>
    </article>
  );
}
