import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const ArticleListPage = lazy(() => import('../../features/newsroom/ArticleListPage.tsx').then((m) => ({ default: m.ArticleListPage })));

export const Route = createFileRoute('/admin/')({
  ssr: false,
  head: () => plainHead('Articles — Rédaction'),
  component: ArticleListPage,
});
