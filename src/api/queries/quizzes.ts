/** Quizzes through the contract: list batches, one quiz and one result (reused by url once fetched). */
import { redirect } from '@tanstack/react-router';
import { appConfig } from '../../../app.config.ts';
import type { Quiz, QuizResultWithQuiz } from '../types.ts';
import { api } from '../client.ts';
import { required } from './answer.ts';
import { cachedItem, peekItem, rememberItem } from './itemCache.ts';

const limit = appConfig.pagination.defaultLimit;

export async function fetchQuizzes(offset: number) {
  return required(await (await api()).GET('/api/quizz', { params: { query: { limit, offset } } })).results;
}

/** Remembers a quiz shown by the server: its result page and a replay then need no request. */
export function rememberQuiz(quiz: Quiz): void {
  rememberItem('quiz', quiz.url, quiz);
}

/**
 * '/quizz/{url}': the quiz; when no quiz has that slug but a result does ('/quizz/{urlresult}', the
 * quiz slug being optional in SPEC §2), a 301 to the result's full address
 * (docs/decisions/007-quizzes-and-repartee.md).
 */
export async function loadQuizPage(url: string) {
  const quiz = peekItem<Quiz>('quiz', url);
  if (quiz) return quiz;
  const client = await api();
  const answer = await client.GET('/api/quizz/{url}', { params: { path: { url } } });
  if (answer.response.status === 404) {
    const byResult = await client.GET('/api/quizz-result/{resultUrl}', { params: { path: { resultUrl: url } } });
    if (byResult.data) {
      const { result } = byResult.data;
      throw redirect({ href: `/quizz/${result.quiz.url}/${result.url}`, statusCode: 301 });
    }
  }
  return rememberItem('quiz', url, required(answer));
}

/** A result of a quiz: read from the quiz when it was already fetched (the end of a game), else asked. */
export async function loadQuizResult(quizUrl: string, resultUrl: string): Promise<QuizResultWithQuiz> {
  return cachedItem('quizResult', `${quizUrl}/${resultUrl}`, async () => {
    const quiz = peekItem<Quiz>('quiz', quizUrl);
    const known = quiz?.results.find((result) => result.url === resultUrl);
    if (quiz && known) return { ...known, quiz: { url: quiz.url, title: quiz.title } };
    return required(await (await api()).GET('/api/quizz/{quizUrl}/{resultUrl}', { params: { path: { quizUrl, resultUrl } } })).result;
  });
}

/** '/apercu-quizz/{token}': a quiz as it would be published, from a signed link (never remembered). */
export async function loadQuizPreview(token: string): Promise<Quiz> {
  return required(await (await api()).GET('/api/preview/quiz/{token}', { params: { path: { token } } }));
}
