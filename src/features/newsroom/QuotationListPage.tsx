import { Link } from '@tanstack/react-router';
import type { PageData } from '../../api/queries/newsroom.ts';
import type { AdminQuotationList } from '../../api/queries/newsroomQuotations.ts';
import { statusLabels } from './newsroomLabels.ts';

/** The footer's quotations (every state), in the footer's order, and a link to write a new one. */
export function QuotationListPage({ loaded }: { loaded: PageData<AdminQuotationList> }) {
  const { data: list, error } = loaded;
  return (
    <section>
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="font-display text-3xl font-bold">Citations du pied de page</h1>
        <Link to="/admin/citations/$id" params={{ id: 'nouvelle' }} className="rounded bg-encre px-4 py-2 font-bold text-white">
          Nouvelle citation
        </Link>
      </div>
      <p className="mt-1 max-w-3xl text-sm">
        La machine à écrire du pied de page tape les citations publiées, du plus petit rang au plus grand.
      </p>
      {error ? (
        <p role="alert" className="mt-4 font-bold text-piment-dark">
          {error}
        </p>
      ) : null}
      {list && list.results.length === 0 ? <p className="mt-4">Aucune citation pour l’instant.</p> : null}
      {list && list.results.length > 0 ? (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="mb-2 text-left">
              {list.total} citation{list.total > 1 ? 's' : ''}
            </caption>
            <thead>
              <tr className="border-b-2 border-encre">
                <th scope="col" className="py-2 pr-3 text-right">
                  Rang
                </th>
                <th scope="col" className="pr-3">
                  Citation
                </th>
                <th scope="col" className="pr-3">
                  Auteur ou autrice
                </th>
                <th scope="col">État</th>
              </tr>
            </thead>
            <tbody>
              {list.results.map((quotation) => (
                <tr key={quotation.id} className="border-b border-encre/20">
                  <td className="py-2 pr-3 text-right tabular-nums">{quotation.position}</td>
                  <th scope="row" className="pr-3 font-normal">
                    <Link
                      to="/admin/citations/$id"
                      params={{ id: String(quotation.id) }}
                      className="font-bold underline-offset-4 hover:underline"
                    >
                      {quotation.text}
                    </Link>
                  </th>
                  <td className="pr-3">{quotation.author}</td>
                  <td>{statusLabels[quotation.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
