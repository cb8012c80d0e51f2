import type { ArticleCard, ShoppingItem } from '../../api/types.ts';
import { ArticleCardView } from '../ArticleCardView.tsx';
import { formatPrice } from '../formatDate.ts';
import { PageHeading } from '../PageHeading.tsx';
import { SectionTitle } from '../SectionTitle.tsx';
import { shoppingIntro } from './pageIntros.ts';
import { ContentImage } from '../ContentImage.tsx';

/** The shopping selection, shared by /shopping and its web-view variant. */
export function ShoppingContent({
  items,
  articles,
  linkPrefix,
}: {
  items: readonly ShoppingItem[];
  articles: readonly ArticleCard[];
  linkPrefix?: string;
}) {
  return (
    <>
      <section aria-label="La sélection" className="mx-auto max-w-7xl px-4 md:px-6">
        <ul className="shopping-list grid grid-cols-1 gap-x-6 gap-y-10 sm:grid-cols-2 lg:grid-cols-4">
          {items.map((item, index) => (
            <li key={item.id} className="shopping-item flex flex-col">
              <ContentImage
                image={item.image}
                sizes="(min-width: 1025px) 25vw, (min-width: 768px) 50vw, 100vw"
                eager={index < 4}
                priority={index === 0}
                className="aspect-[4/5] h-auto w-full rounded-xl bg-piment-light object-cover"
              />
              <h2 className="mt-4 font-display text-xl font-bold leading-tight">{item.title}</h2>
              <p className="mt-1 flex-1 text-base text-encre/80">{item.description}</p>
              <p className="mt-3 flex items-center justify-between gap-2">
                <span className="text-lg font-extrabold">{formatPrice(item.price.amount)}</span>
                <a href={item.link} rel="sponsored noopener" target="_blank" className="button-outline">
                  Voir chez {item.merchant}
                </a>
              </p>
            </li>
          ))}
        </ul>
        {items.length === 0 ? <p className="py-10 text-center text-lg">La sélection revient très vite.</p> : null}
        <p className="mt-10 text-center text-sm text-encre/75">
          Certains liens sont affiliés : ils peuvent rapporter une commission au magazine, sans changer votre prix.
        </p>
      </section>
      {articles.length > 0 ? (
        <section aria-labelledby="shopping-articles" className="mx-auto mt-16 max-w-7xl px-4 md:px-6">
          <SectionTitle id="shopping-articles">Nos articles shopping</SectionTitle>
          <ul className="grid gap-x-6 gap-y-10 md:grid-cols-2 lg:grid-cols-3">
            {articles.map((article) => (
              <li key={article.id}>
                <ArticleCardView article={article} headingLevel={3} linkPrefix={linkPrefix} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** The /shopping page's body (the page and its preview): the heading, then the selection. */
export function ShoppingPageBody({ items, articles }: { items: readonly ShoppingItem[]; articles: readonly ArticleCard[] }) {
  return (
    <div className="shopping-page">
      <PageHeading kicker="La sélection de la rédaction" title={shoppingIntro.title} description={shoppingIntro.description} />
      <ShoppingContent items={items} articles={articles} />
    </div>
  );
}
