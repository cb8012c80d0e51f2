/**
 * « À lire aussi » (SPEC §2), sent once (issue 22): the server renders the cards; the page's dehydrated data
 * leaves them out (MarkupOnly) and hydration adopts the served markup. Its links then go through the router
 * (one delegated click handler), as the cards' own links would; a client navigation brings the cards as data.
 */
import { useRouter } from '@tanstack/react-router';
import type React from 'react';
import type { ArticleCard } from '../api/types.ts';
import { MarkupOnly } from '../lib/markupOnly.ts';
import { servedMarkup } from '../lib/servedMarkup.ts';
import { ArticleCardView } from './ArticleCardView.tsx';
import { SectionTitle } from './SectionTitle.tsx';

export type RelatedValue = readonly ArticleCard[] | MarkupOnly<readonly ArticleCard[]>;

const SECTION_CLASS = 'mx-auto mt-16 max-w-7xl px-4 md:px-6';

export function RelatedArticles({ articleId, related, linkPrefix }: { articleId: number; related: RelatedValue; linkPrefix?: string }) {
  const router = useRouter();
  const cards = related instanceof MarkupOnly ? related.value : related;
  if (cards) {
    if (cards.length === 0) return null;
    return (
      <section key="cards" aria-labelledby="related-title" className={SECTION_CLASS} data-related={articleId}>
        <SectionTitle id="related-title">À lire aussi</SectionTitle>
        <ul className="grid gap-x-6 gap-y-10 md:grid-cols-2 lg:grid-cols-4">
          {cards.map((card) => (
            <li key={card.id}>
              <ArticleCardView article={card} headingLevel={3} linkPrefix={linkPrefix} />
            </li>
          ))}
        </ul>
      </section>
    );
  }
  const html = servedMarkup(`[data-related="${articleId}"]`);
  if (html === undefined) return null;
  const followInRouter = (event: React.MouseEvent) => {
    const link = (event.target as Element).closest('a');
    if (!link || linkPrefix || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || link.target || link.origin !== window.location.origin) return;
    event.preventDefault();
    void router.navigate({ href: link.pathname });
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the clicks are the links' own (a keyboard activation of a link is a click); the section only routes them.
    <section
      key="served"
      aria-labelledby="related-title"
      className={SECTION_CLASS}
      data-related={articleId}
      onClick={followInRouter}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the string is this element's own markup, as the server rendered it from escaped text.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
