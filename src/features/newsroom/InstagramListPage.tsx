/**
 * The Instagram feed (every state), newest first as readers see it on /instagram and the home page: each
 * post's caption, date and state, and a link to add one.
 */
import { Link } from '@tanstack/react-router';
import type { PageData } from '../../api/queries/newsroom.ts';
import type { AdminInstagramPostList } from '../../api/queries/newsroomInstagram.ts';
import { statusLabels } from './newsroomLabels.ts';

const firstLine = (caption: string) => {
  const line = caption.split('\n')[0] ?? '';
  return line.length > 90 ? `${line.slice(0, 89)}…` : line;
};

export function InstagramListPage({ loaded }: { loaded: PageData<AdminInstagramPostList> }) {
  const { data: list, error } = loaded;
  return (
    <section>
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="font-display text-3xl font-bold">Fil Instagram</h1>
        <Link to="/admin/instagram/$id" params={{ id: 'nouveau' }} className="rounded bg-encre px-4 py-2 font-bold text-white">
          Nouveau post
        </Link>
      </div>
      <p className="mt-1 max-w-3xl text-sm">
        Les posts de la page Instagram et de l’accueil, les plus récents d’abord. Un post publié prend la date de sa première publication.
      </p>
      {error ? (
        <p role="alert" className="mt-4 font-bold text-piment-dark">
          {error}
        </p>
      ) : null}
      {list && list.results.length === 0 ? <p className="mt-4">Aucun post pour l’instant.</p> : null}
      {list && list.results.length > 0 ? (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="mb-2 text-left">
              {list.total} post{list.total > 1 ? 's' : ''}
            </caption>
            <thead>
              <tr className="border-b-2 border-encre">
                <th scope="col" className="py-2 pr-3">
                  Légende
                </th>
                <th scope="col" className="pr-3">
                  Date
                </th>
                <th scope="col">État</th>
              </tr>
            </thead>
            <tbody>
              {list.results.map((post) => (
                <tr key={post.id} className="border-b border-encre/20">
                  <th scope="row" className="py-2 pr-3 font-normal">
                    <Link
                      to="/admin/instagram/$id"
                      params={{ id: String(post.id) }}
                      className="font-bold underline-offset-4 hover:underline"
                    >
                      {firstLine(post.caption)}
                    </Link>
                  </th>
                  <td className="pr-3">
                    {new Date(post.postedAt).toLocaleString('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' })}
                  </td>
                  <td>{statusLabels[post.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
