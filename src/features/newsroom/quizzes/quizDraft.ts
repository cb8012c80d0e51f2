/**
 * The quiz editor's form state and its pure edits: a new quiz, answer lists resized to 4 or 6, a result's
 * address followed by the answers that count for it, and what the form still lacks before the server is
 * asked (the server checks everything again).
 */
import { appConfig } from '../../../../app.config.ts';
import type { AdminQuiz, QuizDraftInput } from '../../../api/queries/newsroomQuizzes.ts';
import { type QuizProblem, quizProblems } from '../../../lib/quiz/quizPlayability.ts';
import { noImage, type QuizImage } from './LibraryImageField.tsx';

export type DraftAnswer = { text: string; image: QuizImage | null; resultSlug: string | null };
export type DraftQuestion = {
  text: string;
  answerKind: 'text' | 'picture';
  audio: QuizDraftInput['questions'][number]['audio'];
  answers: DraftAnswer[];
};
export type DraftResult = { slug: string; title: string; description: string; image: QuizImage };

export interface QuizDraft {
  title: string;
  slug: string;
  intro: string;
  image: QuizImage;
  questions: DraftQuestion[];
  results: DraftResult[];
}

export const ANSWER_COUNTS: readonly number[] = appConfig.quiz.answerListSizes;

const emptyAnswer = (): DraftAnswer => ({ text: '', image: null, resultSlug: null });

export const emptyQuestion = (): DraftQuestion => ({
  text: '',
  answerKind: 'text',
  audio: null,
  answers: Array.from({ length: ANSWER_COUNTS[0] ?? 4 }, emptyAnswer),
});

export const emptyResult = (): DraftResult => ({ slug: '', title: '', description: '', image: { ...noImage } });

export const emptyQuiz = (): QuizDraft => ({
  title: '',
  slug: '',
  intro: '',
  image: { ...noImage },
  questions: [emptyQuestion()],
  results: [emptyResult(), emptyResult()],
});

export function draftOf(quiz: AdminQuiz): QuizDraft {
  return {
    title: quiz.title,
    slug: quiz.slug,
    intro: quiz.intro,
    image: quiz.image,
    questions: quiz.questions.map((q) => ({ ...q, answers: q.answers.map((a) => ({ ...a })) })),
    results: quiz.results.map((r) => ({ ...r })),
  };
}

/** Answers kept in order; new ones empty. */
export function resized(question: DraftQuestion, count: number): DraftQuestion {
  const answers = question.answers.slice(0, count);
  while (answers.length < count) answers.push(emptyAnswer());
  return { ...question, answers };
}

/** A result's address changed: the answers that counted for it still do. */
export function renameResult(draft: QuizDraft, index: number, slug: string): QuizDraft {
  const before = draft.results[index]?.slug;
  return {
    ...draft,
    results: draft.results.map((r, i) => (i === index ? { ...r, slug } : r)),
    questions: draft.questions.map((q) => ({
      ...q,
      answers: q.answers.map((a) => (before && a.resultSlug === before ? { ...a, resultSlug: slug || null } : a)),
    })),
  };
}

/** Accents folded, lower case, words joined by dashes (the contract's Slug). */
export function slugOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}

/** What the form lacks to be played: the playability rule, and the images still to choose. */
export function draftProblems(draft: QuizDraft): QuizProblem[] {
  const problems: QuizProblem[] = [];
  if (!draft.image.url) problems.push({ field: 'image', message: "Choisissez l'image du quiz." });
  draft.results.forEach((r, i) => {
    if (!r.image.url) problems.push({ field: `results.${i}.image`, message: `Résultat ${i + 1} : choisissez son image.` });
  });
  draft.questions.forEach((q, i) => {
    if (q.answerKind !== 'picture') return;
    q.answers.forEach((a, j) => {
      if (!a.image?.url)
        problems.push({
          field: `questions.${i}.answers.${j}.image`,
          message: `Question ${i + 1}, réponse ${j + 1} : choisissez son image.`,
        });
    });
  });
  return [...quizProblems(draft), ...problems];
}

/** The body the contract takes. */
export function bodyOf(draft: QuizDraft): QuizDraftInput {
  return {
    title: draft.title,
    ...(draft.slug ? { slug: draft.slug } : {}),
    intro: draft.intro,
    image: draft.image,
    questions: draft.questions.map((q) => ({
      text: q.text,
      answerKind: q.answerKind,
      audio: q.audio,
      answers: q.answers.map((a) => ({
        text: a.text,
        image: q.answerKind === 'picture' && a.image?.url ? a.image : null,
        resultSlug: a.resultSlug,
      })),
    })),
    results: draft.results,
  };
}

export { moved } from '../listOrder.ts';
