import { useId, useState } from 'react';
import { appConfig } from '../../../app.config.ts';
import { type AdminQuotations, NewsroomError, newsroom, type PageData, type QuotationsInput } from '../../api/queries/newsroom.ts';
import { useNewsroomSession } from './NewsroomShell.tsx';

type Row = QuotationsInput['quotations'][number] & { key: string };

const rowsOf = (list: AdminQuotations['quotations']): Row[] => list.map((q) => ({ ...q, key: `q${q.id}` }));

/**
 * The footer's quotations (issue 19): the typewriter on home and category pages cycles through the active
 * ones, in this order. Everyone reads them; editors write, order, set aside and remove, then save the list.
 */
export function QuotationsPage({ loaded }: { loaded: PageData<AdminQuotations> }) {
  const { session } = useNewsroomSession();
  const canWrite = session?.staff.role === 'editor' || session?.staff.role === 'admin';
  const [version, setVersion] = useState(loaded.data?.version ?? null);
  const [rows, setRows] = useState<Row[]>(rowsOf(loaded.data?.quotations ?? []));
  const [added, setAdded] = useState(0);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(
    loaded.error ? { text: loaded.error, error: true } : null,
  );
  const ids = useId();

  const update = (index: number, change: Partial<Row>) => setRows(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...rows];
    const [row] = next.splice(index, 1);
    if (row) next.splice(index + by, 0, row);
    setRows(next);
  };

  const save = async () => {
    if (version === null) return;
    try {
      const next = await newsroom.saveQuotations({ version, quotations: rows.map(({ key: _key, ...q }) => q) });
      setVersion(next.version);
      setRows(rowsOf(next.quotations));
      setMessage({ text: 'Citations enregistrées : le pied de page les montre déjà.', error: false });
    } catch (caught) {
      setMessage({ text: caught instanceof NewsroomError ? caught.message : 'L’enregistrement a échoué.', error: true });
    }
  };

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="font-display text-3xl font-bold">Citations</h1>
      <p className="mt-2 text-encre/80">
        La machine à écrire du pied de page (accueil et rubriques) fait défiler les citations actives, dans cet ordre.
      </p>
      {message ? (
        <p role={message.error ? 'alert' : 'status'} className={`mt-4 font-bold ${message.error ? 'text-piment-dark' : 'text-green-800'}`}>
          {message.text}
        </p>
      ) : null}
      <ol className="mt-6 space-y-4" aria-label="Citations">
        {rows.map((row, index) => (
          <li key={row.key} className="rounded border-2 border-encre p-3">
            <fieldset disabled={!canWrite} className="grid gap-2">
              <legend className="font-bold">Citation {index + 1}</legend>
              <label className="flex flex-col" htmlFor={`${ids}-${row.key}-text`}>
                Texte
                <textarea
                  id={`${ids}-${row.key}-text`}
                  value={row.text}
                  maxLength={300}
                  rows={2}
                  onChange={(event) => update(index, { text: event.target.value })}
                  className="rounded border-2 border-encre px-2 py-1"
                />
              </label>
              <label className="flex flex-col" htmlFor={`${ids}-${row.key}-author`}>
                Autrice ou auteur
                <input
                  id={`${ids}-${row.key}-author`}
                  value={row.author}
                  maxLength={100}
                  onChange={(event) => update(index, { author: event.target.value })}
                  className="rounded border-2 border-encre px-2 py-1"
                />
              </label>
              <label className="flex items-center gap-2">
                <input type="checkbox" checked={row.active} onChange={(event) => update(index, { active: event.target.checked })} />
                Active (montrée par la machine à écrire)
              </label>
              {canWrite ? (
                <span className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className="rounded border-2 border-encre px-2"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    Monter<span className="sr-only"> la citation {index + 1}</span>
                  </button>
                  <button
                    type="button"
                    className="rounded border-2 border-encre px-2"
                    disabled={index === rows.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    Descendre<span className="sr-only"> la citation {index + 1}</span>
                  </button>
                  <button
                    type="button"
                    className="rounded border-2 border-encre px-2"
                    onClick={() => setRows(rows.filter((_, i) => i !== index))}
                  >
                    Supprimer<span className="sr-only"> la citation {index + 1}</span>
                  </button>
                </span>
              ) : null}
            </fieldset>
          </li>
        ))}
      </ol>
      {canWrite ? (
        <p className="mt-6 flex flex-wrap gap-4">
          <button
            type="button"
            className="rounded border-2 border-encre px-4 py-2 font-bold"
            disabled={rows.length >= appConfig.newsroom.maxQuotations}
            onClick={() => {
              setRows([...rows, { key: `new${added}`, text: '', author: '', active: true }]);
              setAdded(added + 1);
            }}
          >
            Ajouter une citation
          </button>
          <button type="button" className="rounded bg-encre px-4 py-2 font-bold text-white" onClick={save}>
            Enregistrer les citations
          </button>
        </p>
      ) : null}
    </div>
  );
}
