/** For mosaic and contest test files: valid newsroom bodies (library images with alt text). */
import type { ContestDraftInput, MosaicDraftInput } from '../api/types.ts';

const image = (alt: string) => ({ url: '/media/svg/mosaic/redaction.svg', alt, width: 1200, height: 800 });

export function mosaicDraftBody(title: string, extra: Partial<MosaicDraftInput> = {}): MosaicDraftInput {
  return {
    title,
    description: 'Les plus beaux looks de la semaine.',
    cover: image('Trois silhouettes en lin'),
    images: [
      { image: image('Une robe en lin écru'), caption: 'Le lin, encore et toujours.', credit: 'Piquante' },
      { image: image('Un pantalon large terracotta'), caption: 'La couleur de l’été.', credit: '' },
    ],
    ...extra,
  };
}

const DAY = 86_400_000;

/** A contest open from `startDays` to `endDays` days around `now` (negative: in the past). */
export function contestDraftBody(
  title: string,
  extra: Partial<ContestDraftInput> = {},
  { now = new Date(), startDays = -1, endDays = 30 }: { now?: Date; startDays?: number; endDays?: number } = {},
): ContestDraftInput {
  return {
    title,
    description: 'Un week-end pour deux à gagner.',
    image: image('Une plage au coucher du soleil'),
    prize: 'Un week-end pour deux personnes',
    rules: ['Concours gratuit sans obligation d’achat.', 'Une participation par personne.'],
    startsAt: new Date(now.getTime() + startDays * DAY).toISOString(),
    endsAt: new Date(now.getTime() + endDays * DAY).toISOString(),
    ...extra,
  };
}
