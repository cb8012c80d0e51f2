import { createFileRoute } from '@tanstack/react-router';
import { api } from '../api/client.ts';
import { ArticleCardView } from '../components/ArticleCardView.tsx';

export const Route = createFileRoute('/')({
  loader: async () => {
    const { data, error } = await api().GET('/api/articleLast');
    if (error || !data) throw new Error('Les derniers articles sont indisponibles.');
    return { latest: data.results };
  },
  component: HomePage,
});

function HomePage() {
  const { latest } = Route.useLoaderData();
  return (
    <main id="contenu" className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="font-display text-4xl font-bold">Les derniers articles</h1>
      <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {latest.map((article, index) => (
          <li key={article.id}>
            <ArticleCardView article={article} eager={index < 3} />
          </li>
        ))}
      </ul>
    </main>
  );
}
