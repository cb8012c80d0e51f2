import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const CategoriesPage = lazy(() => import('../../features/newsroom/CategoriesPage.tsx').then((m) => ({ default: m.CategoriesPage })));

export const Route = createFileRoute('/admin/rubriques')({
  ssr: false,
  head: () => plainHead('Rubriques — Rédaction'),
  component: CategoriesPage,
});
