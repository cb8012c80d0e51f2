import { createFileRoute } from '@tanstack/react-router';
import { EditorialPage } from '../../components/EditorialPage.tsx';
import { MissionContent } from '../../components/pages/MissionContent.tsx';
import { missionIntro } from '../../components/pages/pageIntros.ts';
import { siteUrlOf } from '../../lib/seo/siteUrlOf.ts';
import { seoHead } from '../../lib/seo/seo.ts';

/** The mission page in the mobile app's web view (no header, footer, consent or popins). */
export const Route = createFileRoute('/app-piquante/mission')({
  staticData: { appVariant: true },
  head: ({ matches }) => seoHead({ ...missionIntro, path: '/mission', siteUrl: siteUrlOf(matches), noindex: true }),
  component: () => (
    <EditorialPage title={missionIntro.title} description={missionIntro.description}>
      <MissionContent />
    </EditorialPage>
  ),
});
