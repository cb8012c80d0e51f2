/** Demo Instagram feed: 48 posts with French captions and hashtags, newest first. */
import { describeSvgImage, svgImageUrl } from '../../../media/svgImage.ts';
import { INSTAGRAM_CAPTIONS } from '../data/instagram.ts';
import type { DemoInstagramPost } from '../types.ts';
import { DEMO_REFERENCE_MS } from './articles.ts';
import { createRng, itemAt } from './random.ts';

export const INSTAGRAM_POST_COUNT = 48;

const SHORTCODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

export function buildDemoInstagramPosts(): DemoInstagramPost[] {
  const rng = createRng('instagram');
  const seen = new Set<string>();
  const posts: DemoInstagramPost[] = [];
  let postedMs = DEMO_REFERENCE_MS - 5 * 3_600_000;
  for (let index = 0; index < INSTAGRAM_POST_COUNT; index += 1) {
    let shortcode = '';
    while (shortcode === '' || seen.has(shortcode)) {
      shortcode = Array.from({ length: 11 }, () => rng.pick(SHORTCODE_ALPHABET.split(''))).join('');
    }
    seen.add(shortcode);
    const [text, tags] = itemAt(INSTAGRAM_CAPTIONS, index % INSTAGRAM_CAPTIONS.length);
    const key = `post-${shortcode
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')}-${index + 1}`;
    posts.push({
      shortcode,
      caption: tags.includes('#piquante') ? `${text} ${tags}` : `${text} ${tags} #piquante`,
      image: {
        url: svgImageUrl('instagram', key),
        alt: `Publication Instagram : ${describeSvgImage('instagram', key)}`,
        width: 1080,
        height: 1080,
      },
      permalink: `https://www.instagram.com/p/${shortcode}/`,
      postedAt: new Date(Math.floor(postedMs / 60_000) * 60_000).toISOString(),
      likes: rng.int(180, 9800),
    });
    postedMs -= rng.int(20, 60) * 3_600_000;
  }
  return posts;
}
