import { createFileRoute, useLoaderData } from '@tanstack/react-router';
import { loadMosaicPreview } from '../api/queries/mosaics.ts';
import { PreviewBanner, PreviewNotFound } from '../components/PreviewNotice.tsx';
import { MosaicView } from '../features/mosaic/MosaicView.tsx';
import { absoluteUrl, plainHead } from '../lib/seo/seo.ts';

/**
 * '/apercu-mosaique/<signed token>': the real mosaic page from the mosaic's working copy, from a signed link that
 * expires (sharing gives the address it will have). Never indexed, never stored by the page cache (a private path).
 */
export const Route = createFileRoute('/apercu-mosaique/$token')({
  loader: async ({ params }) => ({ mosaic: await loadMosaicPreview(params.token) }),
  head: ({ loaderData }) => plainHead(loaderData ? `Aperçu : ${loaderData.mosaic.title}` : 'Aperçu'),
  notFoundComponent: PreviewNotFound,
  component: MosaicPreviewPage,
});

function MosaicPreviewPage() {
  const { mosaic } = Route.useLoaderData();
  const { siteUrl } = useLoaderData({ from: '__root__' });
  return (
    <>
      <PreviewBanner notice="cette mosaïque n’est pas publiée dans cet état." />
      <MosaicView mosaic={mosaic} shareUrl={absoluteUrl(siteUrl, `/mosaique/${mosaic.url}`)} />
    </>
  );
}
