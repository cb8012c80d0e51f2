/**
 * The result of a quiz (issue 9; docs/decisions/007-quizzes-and-repartee.md): each picked answer gives
 * one point to the result it names; the result with the most points wins; a tie goes to the result
 * listed first in the quiz.
 * A quiz that cannot give a result (no question, no result, answers that name none of its results)
 * says so in French instead of failing.
 */
import type { QuizQuestion, QuizResult } from '../../api/types.ts';

/** The parts of a quiz the rule reads. */
export interface ScoredQuiz {
  questions: readonly Pick<QuizQuestion, 'answers'>[];
  results: readonly QuizResult[];
}

export type QuizOutcome = { ok: true; result: QuizResult } | { ok: false; error: string };

export const quizResultErrors = {
  noQuestion: 'Ce quiz ne contient encore aucune question.',
  noResult: "Ce quiz n'a pas encore de résultat.",
  noMatchingResult: 'Les réponses de ce quiz ne mènent à aucun de ses résultats.',
} as const;

/**
 * `answerIds[i]` is the answer picked for question i. An id that is not an answer of its question
 * counts nothing, and so does an answer naming a result the quiz does not have.
 */
export function computeQuizResult(quiz: ScoredQuiz, answerIds: readonly number[]): QuizOutcome {
  if (quiz.questions.length === 0) return { ok: false, error: quizResultErrors.noQuestion };
  if (quiz.results.length === 0) return { ok: false, error: quizResultErrors.noResult };
  const points = new Map<string, number>(quiz.results.map((result) => [result.url, 0]));
  let counted = 0;
  quiz.questions.forEach((question, index) => {
    const picked = question.answers.find((answer) => answer.id === answerIds[index]);
    const current = picked ? points.get(picked.resultUrl) : undefined;
    if (picked && current !== undefined) {
      points.set(picked.resultUrl, current + 1);
      counted += 1;
    }
  });
  if (counted === 0) return { ok: false, error: quizResultErrors.noMatchingResult };
  // Strictly more points to take the lead: on a tie the earlier result keeps it.
  let best = quiz.results[0] as QuizResult;
  for (const result of quiz.results) {
    if ((points.get(result.url) ?? 0) > (points.get(best.url) ?? 0)) best = result;
  }
  return { ok: true, result: best };
}
