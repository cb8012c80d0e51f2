import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const NewsletterIssuesPage = lazy(() =>
  import('../../features/newsroom/NewsletterIssuesPage.tsx').then((m) => ({ default: m.NewsletterIssuesPage })),
);

/** '/admin/lettres': the newsletter's issues (editors and admins), and composing a new one. */
export const Route = createFileRoute('/admin/lettres/')({
  ssr: false,
  head: () => plainHead('Newsletter — Rédaction'),
  loader: async () => {
    const { newsroom, pageData } = await import('../../api/queries/newsroom.ts');
    return pageData(() => newsroom.newsletterIssues(), 'Les numéros de la newsletter sont indisponibles.');
  },
  component: NewsletterIssuesRoute,
});

function NewsletterIssuesRoute() {
  const navigate = Route.useNavigate();
  return (
    <NewsletterIssuesPage
      loaded={Route.useLoaderData()}
      onCreated={(id) => navigate({ to: '/admin/lettres/$id', params: { id: String(id) } })}
    />
  );
}
