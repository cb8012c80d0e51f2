import { createFileRoute, Link } from '@tanstack/react-router';
import { fetchQuizzes } from '../api/queries/quizzes.ts';
import { PagedGrid } from '../components/PagedGrid.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { siteUrlOf } from '../lib/seo/siteUrlOf.ts';
import { TeaserCard } from '../components/TeaserCard.tsx';
import { seoHead } from '../lib/seo/seo.ts';
import { type ChunkHeadContext, type ChunkHeadResult, chunkHead, withChunkHead } from '../lib/seo/chunkHead.ts';

const title = 'Quiz';
const description = 'Quelle robe, quel parfum, quelle héroïne de série êtes-vous ? Quelques questions, et la réponse tombe.';

export const Route = createFileRoute('/quizzes')({
  loader: async () => ({ quizzes: await fetchQuizzes(0) }),
  // Built by the route's split chunk (issue 38, src/lib/seo/chunkHead.ts).
  head: chunkHead('/quizzes'),
  component: withChunkHead('/quizzes', quizzesHead, QuizzesPage),
});

function QuizzesPage() {
  const { quizzes } = Route.useLoaderData();
  return (
    <div className="quizzes-page">
      <PageHeading kicker="On joue ?" title={title} description={description} />
      <PagedGrid
        label="Les quiz"
        initial={quizzes}
        fetchBatch={fetchQuizzes}
        moreLabel="Plus de quiz"
        emptyText="Pas encore de quiz."
        render={(quiz, index) => (
          <TeaserCard
            image={quiz.image}
            eager={index < 3}
            priority={index === 0}
            titleLink={
              <Link to="/quizz/$url" params={{ url: quiz.url }} className="card-link">
                {quiz.title}
              </Link>
            }
            description={quiz.description}
            meta={`${quiz.questionCount} questions`}
          />
        )}
      />
    </div>
  );
}

function quizzesHead({ matches }: ChunkHeadContext<unknown>): ChunkHeadResult {
  return seoHead({ title, description, path: '/quizzes', siteUrl: siteUrlOf(matches) });
}
