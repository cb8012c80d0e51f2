import { createFileRoute, useLoaderData } from '@tanstack/react-router';
import { useCallback } from 'react';
import { loadReparteeGeneratorPreview, reparteeReplyPath } from '../api/queries/repartee.ts';
import { PreviewBanner, PreviewNotFound } from '../components/PreviewNotice.tsx';
import { ReparteeGenerator } from '../features/repartee/ReparteeGenerator.tsx';
import { absoluteUrl, plainHead } from '../lib/seo/seo.ts';

/**
 * '/apercu-generateur/<signed token>': the real generator, drawing the replies of its working copy, from a signed
 * link that expires. Drawing leaves the address alone (a reply's own address exists once published); sharing
 * gives the address the reply will have. Never indexed, never stored by the page cache (a private path).
 */
export const Route = createFileRoute('/apercu-generateur/$token')({
  loader: async ({ params }) => ({ generator: await loadReparteeGeneratorPreview(params.token) }),
  head: ({ loaderData }) => plainHead(loaderData ? `Aperçu : ${loaderData.generator.title}` : 'Aperçu'),
  notFoundComponent: PreviewNotFound,
  component: GeneratorPreviewPage,
});

const stayHere = () => {};

function GeneratorPreviewPage() {
  const { generator } = Route.useLoaderData();
  const { siteUrl } = useLoaderData({ from: '__root__' });
  const shareUrlOf = useCallback(
    (replyId: number) => absoluteUrl(siteUrl, reparteeReplyPath(generator.url, replyId)),
    [siteUrl, generator.url],
  );
  return (
    <>
      <PreviewBanner notice="ce générateur n’est pas publié dans cet état." />
      <ReparteeGenerator key={generator.url} generator={generator} initialReplyId={null} shareUrlOf={shareUrlOf} onReply={stayHere} />
    </>
  );
}
