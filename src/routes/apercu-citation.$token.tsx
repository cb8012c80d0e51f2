import { createFileRoute } from '@tanstack/react-router';
import { loadQuotationPreview } from '../api/queries/site.ts';
import { PreviewBanner, PreviewNotFound } from '../components/PreviewNotice.tsx';
import { plainHead } from '../lib/seo/seo.ts';

/**
 * '/apercu-citation/<signed token>': the quotation's working copy typed by the footer's typewriter, as on the home
 * page (the page's data carries it as the only quotation, `footerQuotations`), from a signed link that expires.
 * Never indexed, never stored by the page cache (a private path).
 */
export const Route = createFileRoute('/apercu-citation/$token')({
  loader: ({ params }) => loadQuotationPreview(params.token),
  head: () => plainHead('Aperçu : citation'),
  staticData: { footerQuotations: true },
  notFoundComponent: PreviewNotFound,
  component: QuotationPreviewPage,
});

function QuotationPreviewPage() {
  return (
    <>
      <PreviewBanner notice="cette citation n’est pas publiée dans cet état." />
      <section className="mx-auto max-w-3xl px-4 pt-10 text-center">
        <h1 className="font-display text-3xl font-bold">Aperçu de la citation</h1>
        <p className="mt-4 text-lg">
          La machine à écrire du pied de page la tape ci-dessous, comme sur la page d’accueil et les pages des rubriques.
        </p>
      </section>
    </>
  );
}
