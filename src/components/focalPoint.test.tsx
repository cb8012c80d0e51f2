/**
 * The focal point of a main image becomes the crop's `object-position`: the mapping, then the rendered
 * markup of the card and of the article hero (server rendering, as readers first get it).
 */
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ArticleCard } from '../api/types.ts';
import { ArticleCardView } from './ArticleCardView.tsx';
import { ContentImage } from './ContentImage.tsx';
import { focalObjectPosition } from './focalPoint.ts';

describe('focalObjectPosition', () => {
  it.each([
    [{ focalX: 0.3, focalY: 0.6 }, '30% 60%'],
    [{ focalX: 0, focalY: 1 }, '0% 100%'],
    [{ focalX: 1 / 3, focalY: 0.5 }, '33.3% 50%'],
    // Out of range (an old row, a hand-made payload): kept inside the image.
    [{ focalX: -2, focalY: 7 }, '0% 100%'],
  ])('maps %o to %s', (image, expected) => {
    expect(focalObjectPosition(image)).toBe(expected);
  });

  it.each([[{}], [{ focalX: 0.3 }], [{ focalY: 0.3 }], [{ focalX: Number.NaN, focalY: 0.5 }]])(
    'leaves %o to the default centre',
    (image) => {
      expect(focalObjectPosition(image)).toBeUndefined();
    },
  );
});

const library = `/media/library/${'a'.repeat(64)}-1600.webp`;

describe('rendered images follow the focal point', () => {
  it('a media library image (picture) and a plain one', () => {
    const withFocal = renderToString(
      <ContentImage
        image={{ url: library, alt: 'Piments', width: 1600, height: 800, focalX: 0.25, focalY: 0.75 }}
        sizes="100vw"
        className="object-cover"
      />,
    );
    expect(withFocal).toMatch(/<img[^>]+style="object-position:25% 75%"/);
    const plain = renderToString(
      <ContentImage image={{ url: '/media/x.svg', alt: 'x', width: 10, height: 10, focalX: 0.1, focalY: 0.2 }} sizes="100vw" />,
    );
    expect(plain).toContain('style="object-position:10% 20%"');
    const centred = renderToString(<ContentImage image={{ url: library, alt: 'Piments', width: 1600, height: 800 }} sizes="100vw" />);
    expect(centred).not.toContain('object-position');
  });

  it('an article card (cropped to 3:2) keeps its focal point in view', async () => {
    const article: ArticleCard = {
      id: 1,
      url: 'piments',
      title: 'Piments',
      subtitle: 'Rouges',
      mainImage: { url: library, alt: 'Piments au soleil', width: 1600, height: 800, focalX: 0.8, focalY: 0.2 },
      stamp: null,
      fullUrl: '/mode/piments',
      categorySlug: 'mode',
      categoryName: 'Mode',
      publishedAt: '2026-11-01T10:00:00.000Z',
      readingMinutes: 3,
    };
    const rootRoute = createRootRoute({ component: () => <ArticleCardView article={article} /> });
    const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
    await router.load();
    const html = renderToString(<RouterProvider router={router} />);
    expect(html).toMatch(
      /<img[^>]+alt="Piments au soleil"[^>]+style="object-position:80% 20%"|<img[^>]+style="object-position:80% 20%"[^>]+alt="Piments au soleil"/,
    );
  });
});
