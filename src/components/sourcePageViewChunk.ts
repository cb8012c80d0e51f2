/**
 * A live source's page view (and the article body it shares), in a chunk of its own: a category's page, at the
 * same `/{slug}` addresses, must not carry it. The `/$slug` route's loader awaits `sourcePageView.load()` for a page
 * (src/lib/serverReadyLazy.ts says why).
 */
import { serverReadyLazy } from '../lib/serverReadyLazy.ts';

export const sourcePageView = serverReadyLazy(() => import('./SourcePageView.tsx').then((module) => module.SourcePageView));
