/** A small quiz in the contract's shape for unit tests of the quiz rule and machine. */
import type { Quiz, QuizQuestion, QuizResult } from '../api/types.ts';

const image = { url: '/media/svg/quiz/test.svg', alt: 'Illustration de test', width: 1200, height: 800 };

export function quizResult(id: number, url: string): QuizResult {
  return { id, url, title: `Résultat ${url}`, description: `Description de ${url}`, image };
}

/** answers: [answer id, result url] pairs. */
export function quizQuestion(id: number, answers: readonly (readonly [number, string])[]): QuizQuestion {
  return {
    id,
    text: `Question ${id} ?`,
    answerKind: 'text',
    audio: null,
    answers: answers.map(([answerId, resultUrl]) => ({ id: answerId, text: `Réponse ${answerId}`, image: null, resultUrl })),
  };
}

export function quizFixture(questions: QuizQuestion[], results: QuizResult[]): Quiz {
  return {
    id: 1,
    url: 'quiz-de-test',
    title: 'Quiz de test',
    description: 'Un quiz pour les tests.',
    image,
    questionCount: questions.length,
    publishedAt: '2026-11-01T08:00:00.000Z',
    questions,
    results,
  };
}
