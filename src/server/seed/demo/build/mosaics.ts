/** Demo mosaics (photo galleries): hand-written titles and captions, generated illustrations. */
import { describeSvgImage, svgImageUrl } from '../../../media/svgImage.ts';
import { MOSAIC_DEFS, PHOTOGRAPHERS } from '../data/mosaics.ts';
import type { DemoMosaic } from '../types.ts';
import { DEMO_REFERENCE_MS } from './articles.ts';
import { createRng } from './random.ts';

const DAY_MS = 86_400_000;

export function buildDemoMosaics(): DemoMosaic[] {
  return MOSAIC_DEFS.map((def, mosaicIndex) => {
    const rng = createRng(`mosaic/${def.url}`);
    const images = def.captions.map((caption, index) => {
      const key = `${def.url}-${index + 1}`;
      return {
        image: {
          url: svgImageUrl('mosaic', key),
          alt: `${caption} : illustration, ${describeSvgImage('mosaic', key)}`,
          width: 1000,
          height: 1250,
        },
        caption,
        credit: `Photo : ${PHOTOGRAPHERS[(mosaicIndex + index * 3) % PHOTOGRAPHERS.length]}`,
      };
    });
    return {
      url: def.url,
      title: def.title,
      description: def.description,
      cover: {
        url: svgImageUrl('mosaic', def.url),
        alt: `Couverture de la mosaïque « ${def.title} » : ${describeSvgImage('mosaic', def.url)}`,
        width: 1000,
        height: 1250,
      },
      publishedAt: new Date(DEMO_REFERENCE_MS - (1 + mosaicIndex * 11 + rng.int(0, 6)) * DAY_MS).toISOString(),
      images,
    };
  });
}
