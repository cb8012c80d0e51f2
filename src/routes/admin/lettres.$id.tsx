import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const NewsletterIssueEditorPage = lazy(() =>
  import('../../features/newsroom/NewsletterIssueEditorPage.tsx').then((m) => ({ default: m.NewsletterIssueEditorPage })),
);

/** '/admin/lettres/42': issue 42 — edit the draft, preview, test, schedule or send, follow the send. */
export const Route = createFileRoute('/admin/lettres/$id')({
  ssr: false,
  head: () => plainHead('Numéro de la newsletter — Rédaction'),
  loader: async ({ params }) => {
    const { newsroom, pageData } = await import('../../api/queries/newsroom.ts');
    const id = Number(params.id);
    const [issue, preview] = await Promise.all([
      pageData(() => newsroom.newsletterIssue(id), 'Ce numéro est indisponible.'),
      pageData(() => newsroom.previewNewsletterIssue(id), 'L’aperçu est indisponible.'),
    ]);
    return { issue, preview };
  },
  component: NewsletterIssueRoute,
});

function NewsletterIssueRoute() {
  const { id } = Route.useParams();
  return <NewsletterIssueEditorPage key={id} loaded={Route.useLoaderData()} />;
}
