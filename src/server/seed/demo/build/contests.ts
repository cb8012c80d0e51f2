/** Demo format contests: past, current and upcoming relative to the reference date. */
import { describeSvgImage, svgImageUrl } from '../../../media/svgImage.ts';
import { CONTEST_DEFS, GENERAL_RULES } from '../data/contests.ts';
import type { DemoFormatContest } from '../types.ts';
import { DEMO_REFERENCE_MS } from './articles.ts';

const DAY_MS = 86_400_000;

export function buildDemoFormatContests(): DemoFormatContest[] {
  const midnight = Math.floor(DEMO_REFERENCE_MS / DAY_MS) * DAY_MS;
  return CONTEST_DEFS.map((def) => {
    const startsMs = midnight + def.startDay * DAY_MS + 9 * 3_600_000;
    const endsMs = startsMs + def.days * DAY_MS + 14 * 3_600_000 + 59 * 60_000;
    // Announced a week before it opens, but never after the reference date.
    const publishedMs = Math.min(startsMs - 7 * DAY_MS, DEMO_REFERENCE_MS - 3_600_000);
    return {
      url: def.url,
      title: def.title,
      description: def.description,
      image: {
        url: svgImageUrl('contest', def.url),
        alt: `Illustration du concours « ${def.title} » : ${describeSvgImage('contest', def.url)}`,
        width: 1200,
        height: 800,
      },
      prize: def.prize,
      rules: [def.howTo, ...GENERAL_RULES.slice(0, def.extraRules)],
      startsAt: new Date(startsMs).toISOString(),
      endsAt: new Date(endsMs).toISOString(),
      publishedAt: new Date(publishedMs).toISOString(),
    };
  });
}
