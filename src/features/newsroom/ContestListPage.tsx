/**
 * The contests (every state), the last edited first: each one's title, dates, whether it is open or closed
 * for readers, its editorial state, and a link to add one.
 */
import { Link } from '@tanstack/react-router';
import type { AdminContestList } from '../../api/queries/newsroomContests.ts';
import type { PageData } from '../../api/queries/newsroom.ts';
import { contestStatusLabel } from '../../components/contestStatus.ts';
import { statusLabels } from './newsroomLabels.ts';

const day = (iso: string) => new Date(iso).toLocaleDateString('fr-FR', { dateStyle: 'short', timeZone: 'Europe/Paris' });

export function ContestListPage({ loaded }: { loaded: PageData<AdminContestList> }) {
  const { data: list, error } = loaded;
  return (
    <section>
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="font-display text-3xl font-bold">Concours</h1>
        <Link to="/admin/concours/$id" params={{ id: 'nouveau' }} className="rounded bg-encre px-4 py-2 font-bold text-white">
          Nouveau concours
        </Link>
      </div>
      <p className="mt-1 max-w-3xl text-sm">
        Les concours de la page Concours. Après sa clôture, un concours publié reste lisible et sa page dit qu’il est terminé.
      </p>
      {error ? (
        <p role="alert" className="mt-4 font-bold text-piment-dark">
          {error}
        </p>
      ) : null}
      {list && list.results.length === 0 ? <p className="mt-4">Aucun concours pour l’instant.</p> : null}
      {list && list.results.length > 0 ? (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="mb-2 text-left">{list.total} concours</caption>
            <thead>
              <tr className="border-b-2 border-encre">
                <th scope="col" className="py-2 pr-3">
                  Titre
                </th>
                <th scope="col" className="pr-3">
                  Dates
                </th>
                <th scope="col" className="pr-3">
                  Pour les lectrices
                </th>
                <th scope="col">État</th>
              </tr>
            </thead>
            <tbody>
              {list.results.map((contest) => (
                <tr key={contest.id} className="border-b border-encre/20">
                  <th scope="row" className="py-2 pr-3 font-normal">
                    <Link
                      to="/admin/concours/$id"
                      params={{ id: String(contest.id) }}
                      className="font-bold underline-offset-4 hover:underline"
                    >
                      {contest.title}
                    </Link>
                  </th>
                  <td className="pr-3">
                    du {day(contest.startsAt)} au {day(contest.endsAt)}
                  </td>
                  <td className="pr-3">{contestStatusLabel[contest.state]}</td>
                  <td>{statusLabels[contest.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
