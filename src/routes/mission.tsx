import { createFileRoute } from '@tanstack/react-router';
import { EditorialPage } from '../components/EditorialPage.tsx';
import { MissionContent } from '../components/pages/MissionContent.tsx';
import { missionIntro } from '../components/pages/pageIntros.ts';
import { siteUrlOf } from '../lib/seo/siteUrlOf.ts';
import { seoHead } from '../lib/seo/seo.ts';
import { type ChunkHeadContext, type ChunkHeadResult, chunkHead, withChunkHead } from '../lib/seo/chunkHead.ts';

export const Route = createFileRoute('/mission')({
  // Built by the route's split chunk (issue 38, src/lib/seo/chunkHead.ts).
  head: chunkHead('/mission'),
  component: withChunkHead('/mission', missionHead, MissionPage),
});

function MissionPage() {
  return (
    <EditorialPage kicker="Piquante" title={missionIntro.title} description={missionIntro.description}>
      <MissionContent />
    </EditorialPage>
  );
}

function missionHead({ matches }: ChunkHeadContext<unknown>): ChunkHeadResult {
  return seoHead({ ...missionIntro, path: '/mission', siteUrl: siteUrlOf(matches) });
}
