import { createFileRoute, Link, useLoaderData } from '@tanstack/react-router';
import { api } from '../../../api/client.ts';
import { required } from '../../../components/apiResult.ts';
import { ShareLinks } from '../../../components/ShareLinks.tsx';
import { siteUrlOf } from '../../../components/siteUrlOf.ts';
import { absoluteUrl, seoHead } from '../../../features/seo/seo.ts';
import { ContentImage } from '../../../components/ContentImage.tsx';

export const Route = createFileRoute('/quizz/$url/$urlresult')({
  loader: async ({ params }) => ({
    result: required(
      await api().GET('/api/quizz/{quizUrl}/{resultUrl}', {
        params: { path: { quizUrl: params.url, resultUrl: params.urlresult } },
      }),
    ).result,
  }),
  head: ({ loaderData, matches }) =>
    loaderData
      ? seoHead({
          title: `${loaderData.result.title} (${loaderData.result.quiz.title})`,
          description: loaderData.result.description,
          path: `/quizz/${loaderData.result.quiz.url}/${loaderData.result.url}`,
          siteUrl: siteUrlOf(matches),
          image: loaderData.result.image,
        })
      : {},
  component: QuizResultPage,
});

/** SPEC §2: the result block (image, title, description, share actions). */
function QuizResultPage() {
  const { result } = Route.useLoaderData();
  const { siteUrl } = useLoaderData({ from: '__root__' });
  const path = `/quizz/${result.quiz.url}/${result.url}`;
  return (
    <article className="quiz-result mx-auto max-w-3xl px-4 pt-10 text-center">
      <p className="kicker text-piment-dark">
        Votre résultat au quiz{' '}
        <Link to="/quizz/$url" params={{ url: result.quiz.url }} className="underline">
          {result.quiz.title}
        </Link>
      </p>
      <h1 className="mt-4 font-display text-4xl font-black italic leading-tight text-balance md:text-6xl">{result.title}</h1>
      <ContentImage image={result.image} sizes="(min-width: 768px) 768px, 100vw" eager priority className="mt-8 aspect-[3/2] h-auto w-full rounded-2xl bg-piment-light object-cover" />
      <p className="mx-auto mt-8 max-w-xl text-xl leading-relaxed">{result.description}</p>
      <div className="mt-8 flex flex-col items-center gap-4">
        <p className="font-bold">Partagez votre résultat</p>
        <ShareLinks url={absoluteUrl(siteUrl, path)} title={`${result.quiz.title} : ${result.title}`} />
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
