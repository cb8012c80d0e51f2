import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import { loadQuizPage, rememberQuiz } from '../../../api/queries/quizzes.ts';
import { QuizScreen } from '../../../features/quiz/QuizScreen.tsx';
import { type ChunkHeadContext, type ChunkHeadResult, chunkHead, withChunkHead } from '../../../lib/seo/chunkHead.ts';
import { quizJsonLd } from '../../../lib/seo/quizHead.ts';
import { siteUrlOf } from '../../../lib/seo/siteUrlOf.ts';
import { seoHead } from '../../../lib/seo/seo.ts';

export const Route = createFileRoute('/quizz/$url/')({
  loader: async ({ params }) => ({ quiz: await loadQuizPage(params.url) }),
  // Built by the route's split chunk (issue 38, src/lib/seo/chunkHead.ts).
  head: chunkHead('/quizz/$url/'),
  component: withChunkHead('/quizz/$url/', quizHead, QuizPage),
});

/** SPEC §2 quiz screen: the intro on the server, the carousel after hydration, then the result page. */
function QuizPage() {
  const { quiz } = Route.useLoaderData();
  const navigate = useNavigate();
  // A quiz rendered by the server is remembered in the browser too: its result page needs no request.
  useEffect(() => rememberQuiz(quiz), [quiz]);
  const showResult = useCallback(
    (resultUrl: string) => navigate({ to: '/quizz/$url/$urlresult', params: { url: quiz.url, urlresult: resultUrl } }),
    [navigate, quiz.url],
  );
  return <QuizScreen key={quiz.url} quiz={quiz} onResult={showResult} />;
}

function quizHead({ loaderData, matches }: ChunkHeadContext<{ quiz: Awaited<ReturnType<typeof loadQuizPage>> }>): ChunkHeadResult {
  if (!loaderData) return {};
  const { quiz } = loaderData;
  const siteUrl = siteUrlOf(matches);
  return seoHead({
    title: quiz.title,
    description: quiz.description,
    path: `/quizz/${quiz.url}`,
    siteUrl,
    image: quiz.image,
    jsonLd: quizJsonLd(quiz, siteUrl),
  });
}
