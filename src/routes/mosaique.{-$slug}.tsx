import { createFileRoute, useLoaderData } from '@tanstack/react-router';
import { loadMosaic } from '../api/queries/mosaics.ts';
import { MosaicView } from '../features/mosaic/MosaicView.tsx';
import { siteUrlOf } from '../lib/seo/siteUrlOf.ts';
import { absoluteUrl, seoHead } from '../lib/seo/seo.ts';
import { type ChunkHeadContext, type ChunkHeadResult, chunkHead, withChunkHead } from '../lib/seo/chunkHead.ts';

/** '/mosaique/{slug?}': a mosaic; without a slug, the latest one. */
export const Route = createFileRoute('/mosaique/{-$slug}')({
  loader: async ({ params }) => ({ mosaic: await loadMosaic(params.slug) }),
  // Built by the route's split chunk (issue 38, src/lib/seo/chunkHead.ts).
  head: chunkHead('/mosaique/{-$slug}'),
  component: withChunkHead('/mosaique/{-$slug}', mosaicHead, MosaicPage),
});

function MosaicPage() {
  const { mosaic } = Route.useLoaderData();
  const { siteUrl } = useLoaderData({ from: '__root__' });
  return <MosaicView mosaic={mosaic} shareUrl={absoluteUrl(siteUrl, `/mosaique/${mosaic.url}`)} />;
}

function mosaicHead({ loaderData, matches }: ChunkHeadContext<{ mosaic: Awaited<ReturnType<typeof loadMosaic>> }>): ChunkHeadResult {
  return loaderData
    ? seoHead({
        title: loaderData.mosaic.title,
        description: loaderData.mosaic.description,
        path: `/mosaique/${loaderData.mosaic.url}`,
        siteUrl: siteUrlOf(matches),
        image: loaderData.mosaic.cover,
      })
    : {};
}
