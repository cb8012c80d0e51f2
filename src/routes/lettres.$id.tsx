import { createFileRoute, Link } from '@tanstack/react-router';
import { ArticleCardView } from '../components/ArticleCardView.tsx';
import { formatDate } from '../components/formatDate.ts';
import { NotFoundPage } from '../components/NotFoundPage.tsx';
import { type ChunkHeadContext, type ChunkHeadResult, chunkHead, withChunkHead } from '../lib/seo/chunkHead.ts';
import { seoHead } from '../lib/seo/seo.ts';
import { siteUrlOf } from '../lib/seo/siteUrlOf.ts';

/** '/lettres/{id}': the web version of an issue that was sent (its calls are a chunk of their own). */
export const Route = createFileRoute('/lettres/$id')({
  loader: async ({ params }) => {
    const { loadNewsletterArchiveIssue } = await import('../api/queries/newsletterArchive.ts');
    return { issue: await loadNewsletterArchiveIssue(params.id) };
  },
  // Built by the route's split chunk (issue 38, src/lib/seo/chunkHead.ts).
  head: chunkHead('/lettres/$id'),
  notFoundComponent: () => <NotFoundPage detail="Cette lettre n’existe pas, ou n’a pas encore été envoyée." />,
  component: withChunkHead('/lettres/$id', issueHead, NewsletterIssuePage),
});

/** The intro as the newsroom typed it: a blank line starts a new paragraph. */
const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

function NewsletterIssuePage() {
  const { issue } = Route.useLoaderData();
  return (
    <article className="newsletter-issue-page">
      <header className="mx-auto max-w-3xl px-4 pt-10 md:pt-14">
        <p className="kicker text-piment-dark">
          <Link to="/lettres" className="hover:underline">
            Les anciennes lettres
          </Link>
          <span aria-hidden="true"> · </span>
          {issue.newsletterName}
        </p>
        <h1 className="mt-4 font-display text-4xl font-black leading-tight text-balance md:text-5xl">{issue.subject}</h1>
        <p className="mt-3 text-sm text-encre/75">
          Envoyée le <time dateTime={issue.sentAt}>{formatDate(issue.sentAt)}</time>
        </p>
        {paragraphs(issue.intro).map((paragraph) => (
          <p key={paragraph} className="mt-4 whitespace-pre-line text-lg text-encre/85">
            {paragraph}
          </p>
        ))}
      </header>
      <section aria-labelledby="lettre-articles" className="mx-auto mt-10 max-w-7xl px-4 md:px-6">
        <h2 id="lettre-articles" className="sr-only">
          Les articles de cette lettre
        </h2>
        {issue.articles.length === 0 ? (
          <p className="py-10 text-center text-lg">Les articles de cette lettre ne sont plus en ligne.</p>
        ) : (
          <ul className="article-list grid gap-x-6 gap-y-12 md:grid-cols-2 lg:grid-cols-3" data-testid="article-list">
            {issue.articles.map((article, index) => (
              <li key={article.id}>
                <ArticleCardView article={article} eager={index < 3} priority={index === 0} headingLevel={3} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <p className="mx-auto mt-12 max-w-7xl px-4 md:px-6">
        <Link to="/lettres" className="button-outline">
          Toutes les lettres
        </Link>
      </p>
    </article>
  );
}

function issueHead({
  loaderData,
  matches,
}: ChunkHeadContext<{
  issue: Awaited<ReturnType<typeof import('../api/queries/newsletterArchive.ts').loadNewsletterArchiveIssue>>;
}>): ChunkHeadResult {
  return loaderData
    ? seoHead({
        title: loaderData.issue.subject,
        description:
          loaderData.issue.preheader || `${loaderData.issue.newsletterName}, la lettre du ${formatDate(loaderData.issue.sentAt)}.`,
        path: `/lettres/${loaderData.issue.id}`,
        siteUrl: siteUrlOf(matches),
        image: loaderData.issue.articles[0]?.mainImage,
      })
    : {};
}
