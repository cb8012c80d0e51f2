import { createFileRoute, Link, useLoaderData } from '@tanstack/react-router';
import { loadQuizResult } from '../../../api/queries/quizzes.ts';
import { ContentImage } from '../../../components/ContentImage.tsx';
import { ShareActions } from '../../../components/ShareActions.tsx';
import { type ChunkHeadContext, type ChunkHeadResult, chunkHead, withChunkHead } from '../../../lib/seo/chunkHead.ts';
import { quizResultJsonLd, quizResultPath } from '../../../lib/seo/quizHead.ts';
import { siteUrlOf } from '../../../lib/seo/siteUrlOf.ts';
import { absoluteUrl, seoHead } from '../../../lib/seo/seo.ts';

export const Route = createFileRoute('/quizz/$url/$urlresult')({
  loader: async ({ params }) => ({ result: await loadQuizResult(params.url, params.urlresult) }),
  // A shared result shows the result's own card (title, description, image), not the quiz's.
  // Built by the route's split chunk (issue 38, src/lib/seo/chunkHead.ts).
  head: chunkHead('/quizz/$url/$urlresult'),
  component: withChunkHead('/quizz/$url/$urlresult', quizResultHead, QuizResultPage),
});

/** SPEC §2: the result block (image, title, description, share actions) and a way to play again. */
function QuizResultPage() {
  const { result } = Route.useLoaderData();
  const { siteUrl } = useLoaderData({ from: '__root__' });
  return (
    <article className="quiz-result mx-auto max-w-3xl px-4 pt-10 text-center">
      <p className="kicker text-piment-dark">
        Votre résultat au quiz{' '}
        <Link to="/quizz/$url" params={{ url: result.quiz.url }} className="underline">
          {result.quiz.title}
        </Link>
      </p>
      <h1 className="mt-4 font-display text-4xl font-black italic leading-tight text-balance md:text-6xl">{result.title}</h1>
      <ContentImage
        image={result.image}
        sizes="(min-width: 768px) 768px, 100vw"
        eager
        priority
        className="mt-8 aspect-[3/2] h-auto w-full rounded-2xl bg-piment-light object-cover"
      />
      <p className="mx-auto mt-8 max-w-xl text-xl leading-relaxed">{result.description}</p>
      <div className="mt-8 flex flex-col items-center gap-4">
        <p className="font-bold">Partagez votre résultat</p>
        <ShareActions url={absoluteUrl(siteUrl, quizResultPath(result))} title={result.quiz.title} text={result.title} />
        <Link to="/quizz/$url" params={{ url: result.quiz.url }} className="button-primary mt-4">
          Refaire le quiz
        </Link>
        <Link to="/quizzes" className="underline">
          Tous les quiz
        </Link>
      </div>
    </article>
  );
}

function quizResultHead({
  loaderData,
  matches,
}: ChunkHeadContext<{ result: Awaited<ReturnType<typeof loadQuizResult>> }>): ChunkHeadResult {
  if (!loaderData) return {};
  const { result } = loaderData;
  const siteUrl = siteUrlOf(matches);
  return seoHead({
    title: `${result.title} (${result.quiz.title})`,
    description: result.description,
    path: quizResultPath(result),
    siteUrl,
    image: result.image,
    jsonLd: quizResultJsonLd(result, siteUrl),
  });
}
