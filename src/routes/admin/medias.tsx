import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { plainHead } from '../../lib/seo/seo.ts';

const MediaLibraryPage = lazy(() => import('../../features/newsroom/MediaLibraryPage.tsx').then((m) => ({ default: m.MediaLibraryPage })));

export const Route = createFileRoute('/admin/medias')({
  ssr: false,
  head: () => plainHead('Médiathèque — Rédaction'),
  component: MediaLibraryPage,
});
