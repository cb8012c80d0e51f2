import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { ContentImage } from '../components/ContentImage.tsx';
import { loadQuizPreview } from '../api/queries/quizzes.ts';
import { PreviewBanner, PreviewNotFound } from '../components/PreviewNotice.tsx';
import { QuizScreen } from '../features/quiz/QuizScreen.tsx';
import { plainHead } from '../lib/seo/seo.ts';

/**
 * '/apercu-quizz/<signed token>': the real quiz screen for a quiz not (or not yet so) published, from a
 * signed link that expires. The result shows on this page: the result's own address exists only once the
 * quiz is published. Never indexed, never stored by the page cache (a private path).
 */
export const Route = createFileRoute('/apercu-quizz/$token')({
  loader: async ({ params }) => ({ quiz: await loadQuizPreview(params.token) }),
  head: ({ loaderData }) => plainHead(loaderData ? `Aperçu : ${loaderData.quiz.title}` : 'Aperçu'),
  notFoundComponent: PreviewNotFound,
  component: QuizPreviewPage,
});

function QuizPreviewPage() {
  const { quiz } = Route.useLoaderData();
  const [resultUrl, setResultUrl] = useState<string | null>(null);
  const result = quiz.results.find((r) => r.url === resultUrl);
  return (
    <>
      <PreviewBanner notice="ce quiz n’est pas publié dans cet état." />
      {result ? (
        <section className="mx-auto max-w-3xl px-4 pt-10" aria-labelledby="resultat-apercu">
          <p className="text-sm font-bold uppercase">Résultat</p>
          <h1 id="resultat-apercu" className="font-display text-3xl font-bold">
            {result.title}
          </h1>
          <ContentImage image={result.image} sizes="(min-width: 48rem) 48rem, 100vw" className="mt-4 w-full rounded" />
          <p className="mt-4">{result.description}</p>
          <button type="button" onClick={() => setResultUrl(null)} className="mt-6 rounded border-2 border-encre px-3 py-1 font-bold">
            Rejouer
          </button>
        </section>
      ) : (
        <QuizScreen key={quiz.url} quiz={quiz} onResult={setResultUrl} />
      )}
    </>
  );
}
