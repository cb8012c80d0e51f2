import { Link } from '@tanstack/react-router';
import type { PageData } from '../../api/queries/newsroom.ts';
import type { AdminGeneratorList } from '../../api/queries/newsroomGenerators.ts';
import { statusLabels } from './newsroomLabels.ts';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' }) : '—';

/**
 * The repartee generators (every state), the most recently changed first, and a link to write a new one.
 * Readers see a published generator on /generateur-de-repartie, the newest first.
 */
export function GeneratorListPage({ loaded }: { loaded: PageData<AdminGeneratorList> }) {
  const { data: list, error } = loaded;
  return (
    <section>
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="font-display text-3xl font-bold">Générateurs de répartie</h1>
        <Link to="/admin/generateurs/$id" params={{ id: 'nouveau' }} className="rounded bg-encre px-4 py-2 font-bold text-white">
          Nouveau générateur
        </Link>
      </div>
      <p className="mt-1 max-w-3xl text-sm">
        Une situation, ses répliques : les lectrices en tirent une au hasard et la partagent. Publié, un générateur apparaît sur la page «
        Générateur de répartie ».
      </p>
      {error ? (
        <p role="alert" className="mt-4 font-bold text-piment-dark">
          {error}
        </p>
      ) : null}
      {list && list.results.length === 0 ? <p className="mt-4">Aucun générateur pour l’instant.</p> : null}
      {list && list.results.length > 0 ? (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="mb-2 text-left">
              {list.total} générateur{list.total > 1 ? 's' : ''}
            </caption>
            <thead>
              <tr className="border-b-2 border-encre">
                <th scope="col" className="py-2 pr-3">
                  Titre
                </th>
                <th scope="col" className="pr-3 text-right">
                  Répliques
                </th>
                <th scope="col" className="pr-3">
                  État
                </th>
                <th scope="col">Modifié le</th>
              </tr>
            </thead>
            <tbody>
              {list.results.map((generator) => (
                <tr key={generator.id} className="border-b border-encre/20">
                  <th scope="row" className="py-2 pr-3 font-normal">
                    <Link
                      to="/admin/generateurs/$id"
                      params={{ id: String(generator.id) }}
                      className="font-bold underline-offset-4 hover:underline"
                    >
                      {generator.title}
                    </Link>
                  </th>
                  <td className="pr-3 text-right tabular-nums">{generator.replyCount}</td>
                  <td className="pr-3">
                    {statusLabels[generator.status]}
                    {generator.status === 'scheduled' ? ` (${when(generator.scheduledAt)})` : ''}
                  </td>
                  <td>{when(generator.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
