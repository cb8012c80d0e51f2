import { createFileRoute, Link } from '@tanstack/react-router';
import type { NewsletterArchiveItem } from '../api/types.ts';
import { formatDate } from '../components/formatDate.ts';
import { PagedGrid } from '../components/PagedGrid.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { seoHead } from '../lib/seo/seo.ts';
import { siteUrlOf } from '../lib/seo/siteUrlOf.ts';
import { type ChunkHeadContext, type ChunkHeadResult, chunkHead, withChunkHead } from '../lib/seo/chunkHead.ts';

const title = 'Les anciennes lettres';
const description = 'Tous les numéros de nos newsletters déjà envoyés, à relire en ligne : les articles choisis par la rédaction.';

/** The archive's calls are a chunk of their own, loaded by these pages only (not by article pages). */
const fetchBatch = async (offset: number) => (await import('../api/queries/newsletterArchive.ts')).fetchNewsletterArchive(offset);

export const Route = createFileRoute('/lettres/')({
  loader: async () => ({ issues: await fetchBatch(0) }),
  // Built by the route's split chunk (issue 38, src/lib/seo/chunkHead.ts).
  head: chunkHead('/lettres/'),
  component: withChunkHead('/lettres/', newsletterArchiveHead, NewsletterArchivePage),
});

function NewsletterArchivePage() {
  const { issues } = Route.useLoaderData();
  return (
    <div className="newsletter-archive-page">
      <PageHeading kicker="Newsletter" title={title} description={description}>
        <p className="mt-4">
          <a href="/inscription/lettres" className="button-outline">
            S’inscrire à la newsletter
          </a>
        </p>
      </PageHeading>
      <PagedGrid
        label="Les numéros envoyés"
        initial={issues}
        fetchBatch={fetchBatch}
        moreLabel="Plus de lettres"
        emptyText="Aucune lettre n’a encore été envoyée."
        render={(issue) => <IssueTeaser issue={issue} />}
      />
    </div>
  );
}

function IssueTeaser({ issue }: { issue: NewsletterArchiveItem }) {
  return (
    <article className="card group relative flex h-full flex-col rounded-xl bg-white p-6 shadow-sm">
      <p className="kicker relative text-piment-dark">{issue.newsletterName}</p>
      <h2 className="mt-2 font-display text-xl font-bold leading-tight">
        <Link to="/lettres/$id" params={{ id: String(issue.id) }} className="card-link">
          {issue.subject}
        </Link>
      </h2>
      {issue.preheader ? <p className="mt-2 text-base text-encre/80">{issue.preheader}</p> : null}
      <p className="mt-auto pt-3 text-sm text-encre/75">
        Envoyée le <time dateTime={issue.sentAt}>{formatDate(issue.sentAt)}</time>
      </p>
    </article>
  );
}

function newsletterArchiveHead({ matches }: ChunkHeadContext<unknown>): ChunkHeadResult {
  return seoHead({ title, description, path: '/lettres', siteUrl: siteUrlOf(matches) });
}
