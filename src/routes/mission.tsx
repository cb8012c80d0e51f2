import { createFileRoute } from '@tanstack/react-router';
import { EditorialPage } from '../components/EditorialPage.tsx';
import { MissionContent, missionIntro } from '../components/pages/MissionContent.tsx';
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
