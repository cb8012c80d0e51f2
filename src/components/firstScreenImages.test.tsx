/**
 * The first screen's largest image (the page's likely LCP) is in the server's HTML, loaded at once and asked for
 * with high priority; the images further down wait until they come near (Lighthouse's LCP discovery check).
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Image, InstagramPost } from '../api/types.ts';
import { ContentImage } from './ContentImage.tsx';
import { InstagramGrid } from './InstagramGrid.tsx';
import { TeaserCard } from './TeaserCard.tsx';

const image = (name: string): Image => ({ url: `/media/svg/quiz/${name}.svg`, alt: name, width: 1200, height: 800 });

/** Each `<img>`'s loading and fetchpriority, in document order. */
function imgs(html: string): { loading?: string; fetchpriority?: string }[] {
  return [...html.matchAll(/<img\b[^>]*>/g)].map(([tag]) => ({
    loading: /\bloading="([^"]+)"/.exec(tag)?.[1],
    fetchpriority: /\bfetchPriority="([^"]+)"/i.exec(tag)?.[1],
  }));
}

describe('first-screen images', () => {
  it('a priority image is never lazy, even when not marked eager', () => {
    expect(imgs(renderToString(<ContentImage image={image('a')} sizes="100vw" priority />))).toEqual([
      { loading: 'eager', fetchpriority: 'high' },
    ]);
    expect(imgs(renderToString(<ContentImage image={image('a')} sizes="100vw" />))).toEqual([{ loading: 'lazy' }]);
  });

  it('a teaser card passes its priority to its image', () => {
    const card = (priority: boolean) =>
      renderToString(<TeaserCard image={image('b')} titleLink="Quiz" description="Une question." eager priority={priority} />);
    expect(imgs(card(true))).toEqual([{ loading: 'eager', fetchpriority: 'high' }]);
    expect(imgs(card(false))).toEqual([{ loading: 'eager' }]);
  });

  it('the Instagram grid loads its first posts at once, the first with high priority', () => {
    const posts: InstagramPost[] = [1, 2, 3].map((id) => ({
      id,
      shortcode: `p${id}`,
      permalink: `https://www.instagram.com/p/p${id}/`,
      caption: `Publication ${id}`,
      postedAt: '2026-11-01T10:00:00Z',
      likes: id,
      image: image(`post-${id}`),
    }));
    expect(imgs(renderToString(<InstagramGrid posts={posts} eager={2} />))).toEqual([
      { loading: 'eager', fetchpriority: 'high' },
      { loading: 'eager' },
      { loading: 'lazy' },
    ]);
    // Lower on a page (the home): all wait.
    expect(imgs(renderToString(<InstagramGrid posts={posts} />)).map((img) => img.loading)).toEqual(['lazy', 'lazy', 'lazy']);
  });
});
