import { createFileRoute, Link } from '@tanstack/react-router';
import { api } from '../../../api/client.ts';
import { required } from '../../../components/apiResult.ts';
import { siteUrlOf } from '../../../components/siteUrlOf.ts';
import { seoHead } from '../../../features/seo/seo.ts';
import { ContentImage } from '../../../components/ContentImage.tsx';

export const Route = createFileRoute('/quizz/$url/')({
  loader: async ({ params }) => ({
    quiz: required(await api().GET('/api/quizz/{url}', { params: { path: { url: params.url } } })),
  }),
  head: ({ loaderData, matches }) =>
    loaderData
      ? seoHead({
          title: loaderData.quiz.title,
          description: loaderData.quiz.description,
          path: `/quizz/${loaderData.quiz.url}`,
          siteUrl: siteUrlOf(matches),
          image: loaderData.quiz.image,
        })
      : {},
  component: QuizPage,
});

/** SPEC §2 quiz screen, rendered as content (its interactive carousel belongs to the quiz feature). */
function QuizPage() {
  const { quiz } = Route.useLoaderData();
  return (
    <article className="quiz-page mx-auto max-w-3xl px-4 pt-10">
      <header className="quiz-intro text-center">
        <p className="kicker text-piment-dark">
          <Link to="/quizzes" className="hover:underline">
            Quiz
          </Link>
          <span aria-hidden="true"> · </span>
          {quiz.questionCount} questions
        </p>
        <h1 className="mt-4 font-display text-4xl font-black italic leading-tight text-balance md:text-5xl">{quiz.title}</h1>
        <p className="mx-auto mt-4 max-w-xl text-xl text-encre/85">{quiz.description}</p>
        <ContentImage image={quiz.image} sizes="(min-width: 768px) 768px, 100vw" eager priority className="mt-8 aspect-[3/2] h-auto w-full rounded-2xl bg-piment-light object-cover" />
      </header>
      <ol className="quiz-questions mt-12 space-y-10">
        {quiz.questions.map((question, index) => (
          <li key={question.id} className="rounded-2xl bg-white p-6 shadow-sm">
            <h2 className="font-display text-2xl font-bold">
              <span className="mr-2 text-piment-dark">{index + 1}.</span>
              {question.text}
            </h2>
            {question.audio ? (
              // biome-ignore lint/a11y/useMediaCaption: short demo jingles without speech
              <audio className="mt-4 w-full" controls preload="none" src={question.audio.url} />
            ) : null}
            <ul className={`mt-5 grid gap-3 ${question.answerKind === 'picture' ? 'grid-cols-2 md:grid-cols-3' : 'sm:grid-cols-2'}`} data-answers={question.answers.length}>
              {question.answers.map((answer) => (
                <li key={answer.id} className="rounded-xl border-2 border-encre/15 p-3">
                  {answer.image ? (
                    <ContentImage image={answer.image} sizes="(min-width: 768px) 240px, 50vw" className="mb-2 aspect-square h-auto w-full rounded-lg object-cover" />
                  ) : null}
                  {answer.text}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </article>
  );
}
