/** The mosaics (every state), the last edited first: each one's title, how many images, its state, and a link to add one. */
import { Link } from '@tanstack/react-router';
import type { PageData } from '../../api/queries/newsroom.ts';
import type { AdminMosaicList } from '../../api/queries/newsroomMosaics.ts';
import { statusLabels } from './newsroomLabels.ts';

export function MosaicListPage({ loaded }: { loaded: PageData<AdminMosaicList> }) {
  const { data: list, error } = loaded;
  return (
    <section>
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="font-display text-3xl font-bold">Mosaïques</h1>
        <Link to="/admin/mosaiques/$id" params={{ id: 'nouveau' }} className="rounded bg-encre px-4 py-2 font-bold text-white">
          Nouvelle mosaïque
        </Link>
      </div>
      <p className="mt-1 max-w-3xl text-sm">Les galeries d’images de la page Mosaïques, chacune avec sa couverture.</p>
      {error ? (
        <p role="alert" className="mt-4 font-bold text-piment-dark">
          {error}
        </p>
      ) : null}
      {list && list.results.length === 0 ? <p className="mt-4">Aucune mosaïque pour l’instant.</p> : null}
      {list && list.results.length > 0 ? (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="mb-2 text-left">
              {list.total} mosaïque{list.total > 1 ? 's' : ''}
            </caption>
            <thead>
              <tr className="border-b-2 border-encre">
                <th scope="col" className="py-2 pr-3">
                  Titre
                </th>
                <th scope="col" className="pr-3">
                  Images
                </th>
                <th scope="col">État</th>
              </tr>
            </thead>
            <tbody>
              {list.results.map((mosaic) => (
                <tr key={mosaic.id} className="border-b border-encre/20">
                  <th scope="row" className="py-2 pr-3 font-normal">
                    <Link
                      to="/admin/mosaiques/$id"
                      params={{ id: String(mosaic.id) }}
                      className="font-bold underline-offset-4 hover:underline"
                    >
                      {mosaic.title}
                    </Link>
                  </th>
                  <td className="pr-3">{mosaic.imageCount}</td>
                  <td>{statusLabels[mosaic.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
