import { createFileRoute, useRouter } from '@tanstack/react-router';
import { lazy, useEffect } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const AudiencePage = lazy(() => import('../../features/newsroom/audience/AudiencePage.tsx').then((m) => ({ default: m.AudiencePage })));

// Checked where they are used (periodRange, the API): this definition is in the router's tree every reader loads.
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

export const Route = createFileRoute('/admin/audience')({
  ssr: false,
  head: () => plainHead('Audience — Rédaction'),
  // The period and the page are in the address: shareable, and the back button works.
  validateSearch: (search: Record<string, unknown>): { periode?: string; du?: string; au?: string; page?: string } => ({
    periode: text(search.periode),
    du: text(search.du),
    au: text(search.au),
    page: text(search.page),
  }),
  loaderDeps: ({ search }) => search,
  loader: async ({ deps }) => {
    const { newsroom, pageData } = await import('../../api/queries/newsroom.ts');
    const { asPeriod, periodRange } = await import('../../features/newsroom/audience/audiencePeriods.ts');
    const { from, to } = periodRange(asPeriod(deps.periode), new Date(), deps);
    return pageData(() => newsroom.audience(from, to, deps.page ?? null), 'Les chiffres d’audience sont indisponibles.');
  },
  component: AudienceRoute,
});

function AudienceRoute() {
  const navigate = Route.useNavigate();
  const search = Route.useSearch();
  const loaded = Route.useLoaderData();
  const router = useRouter();
  // Today is live: its figures are read again every minute while the page is open.
  useEffect(() => {
    if (search.periode !== 'jour') return;
    const timer = setInterval(() => void router.invalidate(), 60_000);
    return () => clearInterval(timer);
  }, [search.periode, router]);
  return <AudiencePage loaded={loaded} search={search} onSearch={(next) => navigate({ search: next })} />;
}
