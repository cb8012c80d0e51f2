/** Where a reader is in a quiz, and whether saved progress fits the quiz (no XState: the static quiz screen reads it). */
import type { Quiz } from '../../api/types.ts';

/** The parts of a quiz the flow reads. */
export type PlayableQuiz = Pick<Quiz, 'url' | 'questions' | 'results'>;

/** Where a reader is: the question shown and the answers picked so far (answers[i] for question i). */
export interface QuizProgress {
  index: number;
  answers: number[];
}

/** Saved progress is only trusted if it fits this quiz: known answers, in order, and a reachable index. */
export function fitsQuiz(quiz: PlayableQuiz, progress: QuizProgress): boolean {
  const { index, answers } = progress;
  if (!Number.isInteger(index) || index < 0 || index >= quiz.questions.length) return false;
  if (!Array.isArray(answers) || answers.length === 0 || index > answers.length || answers.length > quiz.questions.length) {
    return false;
  }
  return answers.every((answerId, i) => quiz.questions[i]?.answers.some((answer) => answer.id === answerId) === true);
}
