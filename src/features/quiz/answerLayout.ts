/**
 * Answer lists are laid out for the sizes of `appConfig.quiz.answerListSizes` (SPEC §9: 4 or 6): a
 * question's answers take the layout of the smallest configured size that holds them. Text answers
 * stack on phones and sit two (4) or three (6) abreast from 768 px; pictures go two abreast on phones,
 * then four in a row (4) or three by two (6). Class names are written out for Tailwind to find them.
 */
import { appConfig } from '../../../app.config.ts';

type AnswerListSize = (typeof appConfig.quiz.answerListSizes)[number];

const layouts: Record<AnswerListSize, Record<'text' | 'picture', string>> = {
  4: { text: 'grid-cols-1 md:grid-cols-2', picture: 'grid-cols-2 lg:grid-cols-4' },
  6: { text: 'grid-cols-1 md:grid-cols-2 lg:grid-cols-3', picture: 'grid-cols-2 md:grid-cols-3' },
};

export function answerListSize(count: number): AnswerListSize {
  const sizes = [...appConfig.quiz.answerListSizes].sort((a, b) => a - b);
  return sizes.find((size) => count <= size) ?? (sizes[sizes.length - 1] as AnswerListSize);
}

export function answerGridClass(kind: 'text' | 'picture', count: number): string {
  return `grid gap-3 md:gap-4 ${layouts[answerListSize(count)][kind]}`;
}
