import { Link } from '@tanstack/react-router';
import type { PageData } from '../../api/queries/newsroom.ts';
import type { AdminPopinList, AdminPopinSummary } from '../../api/queries/newsroomPopins.ts';
import { statusLabels } from './newsroomLabels.ts';
import { ruleLabel, typeLabels } from './popinFormModel.ts';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' }) : null;

function windowOf(popin: AdminPopinSummary): string {
  const from = when(popin.startsAt);
  const to = when(popin.endsAt);
  if (from && to) return `Du ${from} au ${to}`;
  if (from) return `À partir du ${from}`;
  if (to) return `Jusqu’au ${to}`;
  return 'Sans limite';
}

/**
 * The marketing popins (every state): what each one is, where and when it shows, which wins (priority), and
 * a link to write a new one. Readers see a published popin on the pages its path rule targets, within its dates.
 */
export function PopinListPage({ loaded }: { loaded: PageData<AdminPopinList> }) {
  const { data: list, error } = loaded;
  return (
    <section>
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="font-display text-3xl font-bold">Popins</h1>
        <Link to="/admin/popins/$id" params={{ id: 'nouvelle' }} className="rounded bg-encre px-4 py-2 font-bold text-white">
          Nouvelle popin
        </Link>
      </div>
      <p className="mt-1 max-w-3xl text-sm">
        Les popins marketing : inscription à la newsletter, choix entre deux newsletters, boutons ou sondage. Quand deux popins publiées
        visent la même page, la plus haute priorité l’emporte, puis le chemin le plus précis.
      </p>
      {error ? (
        <p role="alert" className="mt-4 font-bold text-piment-dark">
          {error}
        </p>
      ) : null}
      {list && list.results.length === 0 ? <p className="mt-4">Aucune popin pour l’instant.</p> : null}
      {list && list.results.length > 0 ? (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="mb-2 text-left">
              {list.total} popin{list.total > 1 ? 's' : ''}
            </caption>
            <thead>
              <tr className="border-b-2 border-encre">
                <th scope="col" className="py-2 pr-3">
                  Nom
                </th>
                <th scope="col" className="pr-3">
                  Type
                </th>
                <th scope="col" className="pr-3">
                  Pages visées
                </th>
                <th scope="col" className="pr-3 text-right">
                  Priorité
                </th>
                <th scope="col" className="pr-3">
                  Diffusion
                </th>
                <th scope="col">État</th>
              </tr>
            </thead>
            <tbody>
              {list.results.map((popin) => (
                <tr key={popin.id} className="border-b border-encre/20">
                  <th scope="row" className="py-2 pr-3 font-normal">
                    <Link to="/admin/popins/$id" params={{ id: String(popin.id) }} className="font-bold underline-offset-4 hover:underline">
                      {popin.name}
                    </Link>
                  </th>
                  <td className="pr-3">{typeLabels[popin.type]}</td>
                  <td className="pr-3">{ruleLabel(popin.matchPath, popin.matchMode)}</td>
                  <td className="pr-3 text-right tabular-nums">{popin.priority}</td>
                  <td className="pr-3">{windowOf(popin)}</td>
                  <td>{statusLabels[popin.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
