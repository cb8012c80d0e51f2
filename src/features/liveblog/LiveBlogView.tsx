/**
 * « Direct » for readers (issue 33): the live blog, its pinned entry first, then the newest entries, kept up
 * to date while it is live by the shared feed of a format's child items (useChildItemsFeed: polling by cursor,
 * polite announcements, offline replay).
 */
import type { LiveBlogEntry, LiveBlogResponse } from '../../api/types.ts';
import { ArticleBody } from '../../components/ArticleBody.tsx';
import { ContentImage } from '../../components/ContentImage.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useChildItemsFeed } from '../../components/useChildItemsFeed.ts';
import { liveBlogDeclaration } from '../../formats/liveBlogFormat.ts';
import { frenchMoment, frenchWhen } from '../../lib/frenchDates.ts';
import { LiveBadge } from './LiveNowList.tsx';

/** « 21 h 05 » today, « hier à 21 h 05 » or « 27 février à 21 h 05 » for a live blog that lasts. */
export const hourOf = (iso: string, now = new Date()) => frenchMoment(iso, now);

function Entry({ entry }: { entry: LiveBlogEntry }) {
  return (
    <article className="live-entry border-t border-encre/15 py-6" aria-labelledby={`entree-${entry.id}`}>
      <p id={`entree-${entry.id}`} className="text-sm font-bold text-piment-dark">
        {entry.pinned ? <span className="mr-2 rounded bg-piment px-2 py-0.5 text-white">Épinglé</span> : null}
        <time dateTime={entry.publishedAt}>{hourOf(entry.publishedAt)}</time>
        {entry.correctedAt ? (
          <span className="ml-2 font-normal text-encre/75">Corrigé {frenchWhen(entry.correctedAt, new Date())}</span>
        ) : null}
      </p>
      <ArticleBody articleId={entry.id} body={entry.body} />
      {entry.image ? (
        <ContentImage image={entry.image} sizes="(min-width: 768px) 720px, 100vw" className="mt-4 h-auto w-full rounded-xl" />
      ) : null}
      {entry.quotation ? (
        <figure className="mt-4 border-l-4 border-piment pl-4">
          <blockquote className="font-display text-xl italic">« {entry.quotation.text} »</blockquote>
          {entry.quotation.source ? <figcaption className="mt-1 text-sm">— {entry.quotation.source}</figcaption> : null}
        </figure>
      ) : null}
      {entry.article ? (
        <a href={entry.article.path} className="mt-4 flex items-center gap-4 rounded-xl border border-encre/15 p-3 hover:bg-piment-light">
          <ContentImage image={entry.article.image} sizes="96px" className="h-16 w-24 rounded object-cover" />
          <span className="font-bold">{entry.article.title}</span>
        </a>
      ) : null}
    </article>
  );
}

export function LiveBlogView({ initial, poll }: { initial: LiveBlogResponse; poll: (since: number) => Promise<LiveBlogResponse | null> }) {
  const live = (answer: LiveBlogResponse) => answer.liveBlog.state === 'live';
  const { data, announced } = useChildItemsFeed(liveBlogDeclaration.children.noun, initial, live, poll);
  const { liveBlog, entries } = data;
  const pinned = entries.find((e) => e.pinned);
  return (
    <div className="live-blog-page">
      <PageHeading kicker={liveBlog.category.name} title={liveBlog.title} description={liveBlog.intro}>
        <p className="mt-4">
          {liveBlog.state === 'live' ? (
            <LiveBadge />
          ) : (
            <span className="rounded-full bg-encre/10 px-3 py-1 text-sm font-bold uppercase">Terminé</span>
          )}
        </p>
      </PageHeading>
      <div className="mx-auto max-w-3xl px-4 md:px-6">
        <ContentImage image={liveBlog.mainImage} sizes="(min-width: 768px) 720px, 100vw" priority className="h-auto w-full rounded-xl" />
        {/* One polite region, always in the page: screen readers hear each batch once, wherever focus is. */}
        <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="live-announcer">
          {announced}
        </p>
        {pinned ? (
          <section aria-label="Entrée épinglée" className="mt-6 rounded-xl bg-piment-light px-4">
            <Entry entry={pinned} />
          </section>
        ) : null}
        <section aria-label="Entrées du direct" className="mt-6">
          {entries.length === 0 ? <p className="py-6 text-encre/75">Le direct commence bientôt.</p> : null}
          {entries
            .filter((e) => e !== pinned)
            .map((entry) => (
              <Entry key={entry.id} entry={entry} />
            ))}
        </section>
      </div>
    </div>
  );
}
