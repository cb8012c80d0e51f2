import { createFileRoute, Link } from '@tanstack/react-router';
import { appConfig } from '../../app.config.ts';
import { loadHome } from '../api/queries/articles.ts';
import { withQuotations } from '../api/queries/site.ts';
import { ArticleCardView } from '../components/ArticleCardView.tsx';
import { formatDate } from '../components/formatDate.ts';
import { InstagramGrid } from '../components/InstagramGrid.tsx';
import { MenuBlock } from '../components/MenuBlock.tsx';
import { QuoteBanner } from '../components/QuoteBanner.tsx';
import { SectionTitle } from '../components/SectionTitle.tsx';
import { siteUrlOf } from '../lib/seo/siteUrlOf.ts';
import { SocialStrip } from '../components/SocialStrip.tsx';
import { seoHead } from '../lib/seo/seo.ts';
import { LiveNowList } from '../features/liveblog/LiveNowList.tsx';

export const Route = createFileRoute('/')({
  staticData: { chrome: 'home' },
  loader: () => withQuotations(loadHome()),
  head: ({ matches }) =>
    seoHead({
      title: 'Le magazine qui pique',
      description: 'Piquante, le magazine féminin qui pique : mode, beauté, culture, self care, love, bons plans, quiz et concours.',
      path: '/',
      siteUrl: siteUrlOf(matches),
      feed: { title: `${appConfig.site.name} : les derniers articles`, path: '/rss.xml' },
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          name: appConfig.site.name,
          url: siteUrlOf(matches),
          inLanguage: appConfig.site.language,
        },
      ],
    }),
  component: HomePage,
});

function HomePage() {
  const { latest, bestof, instagram, quotations, live } = Route.useLoaderData();
  const [lead, ...rest] = latest;
  const side = rest.slice(0, 5);
  const more = rest.slice(5);
  const banner = quotations[1] ?? quotations[0];
  return (
    <div className="home">
      <section aria-labelledby="home-title" className="mx-auto max-w-7xl px-4 pb-12 pt-8 md:px-6">
        <div className="mb-8 flex flex-wrap items-end justify-between gap-2 border-b-2 border-encre pb-3">
          <h1 id="home-title" className="font-display text-4xl font-black italic leading-none md:text-5xl">
            À la une
          </h1>
          {lead ? <p className="text-sm font-bold uppercase tracking-widest text-encre/75">{formatDate(lead.publishedAt)}</p> : null}
        </div>
        <LiveNowList liveBlogs={live} />
        <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
          {lead ? <ArticleCardView article={lead} variant="lead" eager priority /> : null}
          <ul className="flex flex-col gap-6">
            {side.map((article, index) => (
              <li key={article.id}>
                <ArticleCardView article={article} variant="compact" headingLevel={2} eager={index < 2} />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <div className="mx-auto max-w-7xl px-4 pb-12 md:px-6">
        <MenuBlock newsletterHref="/inscription/home" />
      </div>

      {more.length > 0 ? (
        <section aria-labelledby="latest-title" className="mx-auto max-w-7xl px-4 pb-16 md:px-6">
          <SectionTitle id="latest-title">Les derniers articles</SectionTitle>
          <ul className="grid gap-x-6 gap-y-10 md:grid-cols-2 lg:grid-cols-3">
            {more.map((article) => (
              <li key={article.id}>
                <ArticleCardView article={article} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {banner ? <QuoteBanner quotation={banner} /> : null}

      {bestof.length > 0 ? (
        <section aria-labelledby="bestof-title" className="bg-encre py-16 text-white">
          <div className="mx-auto max-w-7xl px-4 md:px-6">
            <SectionTitle id="bestof-title" tone="dark">
              Le best of
            </SectionTitle>
            <ul className="grid gap-x-6 gap-y-10 md:grid-cols-2 lg:grid-cols-3">
              {bestof.map((article) => (
                <li key={article.id}>
                  <ArticleCardView article={article} variant="dark" headingLevel={3} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      {instagram.length > 0 ? (
        <section aria-labelledby="instagram-title" className="mx-auto max-w-7xl px-4 py-16 md:px-6">
          <SectionTitle id="instagram-title" action={<Link to="/instagram">Tout le feed</Link>}>
            Sur Instagram
          </SectionTitle>
          <InstagramGrid posts={instagram} />
        </section>
      ) : null}

      <SocialStrip />
    </div>
  );
}
