/** Demo repartee generators, illustrated. */
import { describeSvgImage, svgImageUrl } from '../../../media/svgImage.ts';
import { REPARTEE_DEFS } from '../data/repartee.ts';
import { MORE_REPLIES } from '../data/reparteeMoreReplies.ts';
import type { DemoReparteeGenerator } from '../types.ts';

export function buildDemoReparteeGenerators(): DemoReparteeGenerator[] {
  return REPARTEE_DEFS.map((def) => ({
    url: def.url,
    title: def.title,
    description: def.description,
    image: {
      url: svgImageUrl('repartee', def.url),
      alt: `Illustration du générateur de repartie « ${def.title} » : ${describeSvgImage('repartee', def.url)}`,
      width: 1200,
      height: 800,
    },
    replies: [...def.replies, ...(MORE_REPLIES[def.url] ?? [])].map((text) => ({ text })),
  }));
}
