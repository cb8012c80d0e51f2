import { createFileRoute } from '@tanstack/react-router';
import { EditorialPage } from '../components/EditorialPage.tsx';
import { MissionContent } from '../components/pages/MissionContent.tsx';
import { missionIntro } from '../components/pages/pageIntros.ts';
import { siteUrlOf } from '../lib/seo/siteUrlOf.ts';
import { seoHead } from '../lib/seo/seo.ts';

export const Route = createFileRoute('/mission')({
  head: ({ matches }) => seoHead({ ...missionIntro, path: '/mission', siteUrl: siteUrlOf(matches) }),
  component: () => (
    <EditorialPage kicker="Piquante" title={missionIntro.title} description={missionIntro.description}>
      <MissionContent />
    </EditorialPage>
  ),
});
