import { createFileRoute } from '@tanstack/react-router';
import { EditorialPage } from '../../components/EditorialPage.tsx';
import { MissionContent } from '../../components/pages/MissionContent.tsx';
import { missionIntro } from '../../components/pages/pageIntros.ts';
import { siteUrlOf } from '../../lib/seo/siteUrlOf.ts';
import { seoHead } from '../../lib/seo/seo.ts';
import { type ChunkHeadContext, type ChunkHeadResult, chunkHead, withChunkHead } from '../../lib/seo/chunkHead.ts';

/** The mission page in the mobile app's web view (no header, footer, consent or popins). */
export const Route = createFileRoute('/app-piquante/mission')({
  staticData: { appVariant: true },
  // Built by the route's split chunk (issue 38, src/lib/seo/chunkHead.ts).
  head: chunkHead('/app-piquante/mission'),
  component: withChunkHead('/app-piquante/mission', appMissionHead, AppMissionPage),
});

function AppMissionPage() {
  return (
    <EditorialPage title={missionIntro.title} description={missionIntro.description}>
      <MissionContent />
    </EditorialPage>
  );
}

function appMissionHead({ matches }: ChunkHeadContext<unknown>): ChunkHeadResult {
  return seoHead({ ...missionIntro, path: '/mission', siteUrl: siteUrlOf(matches), noindex: true });
}
