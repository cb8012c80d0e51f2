import { type FormEvent, useState } from 'react';
import {
  type AdminRedirect,
  type AdminRedirectList,
  NewsroomError,
  newsroom,
  type PageData,
  REDIRECTS_PAGE,
} from '../../api/queries/newsroom.ts';
import { useConfirm } from './ConfirmDialog.tsx';
import { editorActions } from './editorVocabulary.ts';

const originLabels: Record<AdminRedirect['origin'], string> = {
  'import:wordpress': 'Import WordPress',
  'import:ghost': 'Import Ghost',
  newsroom: 'Rédaction',
};

/** The redirect table (issue 20): old addresses answering a 301, searched, added and removed by editors. */
export function RedirectsPage({ loaded }: { loaded: PageData<AdminRedirectList> }) {
  const [list, setList] = useState<AdminRedirectList>(loaded.data ?? { results: [], total: 0 });
  const { confirm, dialog } = useConfirm();
  const [query, setQuery] = useState('');
  const [offset, setOffset] = useState(0);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(
    loaded.error ? { text: loaded.error, error: true } : null,
  );

  const show = async (q: string, at: number) => {
    setList(await newsroom.redirects({ q, offset: at }));
    setQuery(q);
    setOffset(at);
  };

  const attempt = async (work: () => Promise<unknown>, done: string | null, q = query, at = offset): Promise<boolean> => {
    try {
      await work();
      await show(q, at);
      setMessage(done ? { text: done, error: false } : null);
      return true;
    } catch (caught) {
      setMessage({ text: caught instanceof NewsroomError ? caught.message : 'L’opération a échoué.', error: true });
      return false;
    }
  };

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    void attempt(async () => {}, null, q, 0);
  };

  const create = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body = { from: String(data.get('from') ?? ''), to: String(data.get('to') ?? '') };
    void attempt(() => newsroom.createRedirect(body), 'Redirection ajoutée.', '', 0).then((ok) => {
      if (ok) form.reset();
    });
  };

  const last = Math.min(offset + list.results.length, list.total);

  return (
    <section>
      <h1 className="font-display text-3xl font-bold">Redirections</h1>
      {dialog}
      <p className="mt-2 max-w-3xl">
        Chaque ancienne adresse (d’un import WordPress ou Ghost, ou ajoutée ici) répond une redirection permanente vers sa nouvelle adresse
        sur ce site.
      </p>
      <div aria-live="polite" className="mt-3 min-h-6">
        {message ? <p className={message.error ? 'font-bold text-piment-dark' : 'text-green-800'}>{message.text}</p> : null}
      </div>

      <search aria-label="Redirections" className="mt-2 block">
        <form onSubmit={search} className="flex flex-wrap items-end gap-2">
          <label className="grid gap-1">
            <span className="text-sm font-bold">Rechercher une adresse</span>
            <input name="q" type="search" defaultValue={query} maxLength={200} className="rounded border-2 border-encre px-2 py-1" />
          </label>
          <button type="submit" className="rounded border-2 border-encre px-3 py-1 font-bold">
            Rechercher
          </button>
        </form>
      </search>

      {list.results.length === 0 ? (
        <p className="mt-6">{query ? `Aucune redirection ne correspond à « ${query} ».` : 'Aucune redirection pour l’instant.'}</p>
      ) : (
        <>
          <p className="mt-4 text-sm">
            {offset + 1} à {last} sur {list.total}
          </p>
          <table className="mt-2 w-full border-collapse text-left text-sm">
            <thead>
              <tr className="border-b-2 border-encre">
                <th scope="col" className="py-2">
                  Ancienne adresse
                </th>
                <th scope="col">Nouvelle adresse</th>
                <th scope="col">Origine</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.results.map((redirect) => (
                <tr key={redirect.id} className="border-b border-encre/20 align-top">
                  <td className="break-all py-1 pr-2">{redirect.from}</td>
                  <td className="break-all pr-2">
                    {redirect.to ?? <em>article non publié</em>}
                    {redirect.title ? <span className="block text-encre/80">{redirect.title}</span> : null}
                  </td>
                  <td className="pr-2">{originLabels[redirect.origin]}</td>
                  <td className="py-1">
                    <button
                      type="button"
                      onClick={() =>
                        void confirm({
                          title: `Supprimer la redirection de ${redirect.from} ?`,
                          consequence:
                            'Cette ancienne adresse ne mènera plus nulle part (404) : les liens et les moteurs de recherche qui la connaissent perdront la page.',
                          confirmLabel: 'Supprimer la redirection',
                        }).then((yes) => (yes ? attempt(() => newsroom.deleteRedirect(redirect.id), 'Redirection supprimée.') : undefined))
                      }
                      className="rounded border px-2 py-1"
                    >
                      {editorActions.delete} <span className="sr-only">la redirection de {redirect.from}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="mt-3 flex gap-2">
            <button
              type="button"
              disabled={offset === 0}
              onClick={() => void attempt(async () => {}, null, query, Math.max(0, offset - REDIRECTS_PAGE))}
              className="rounded border px-2 py-1 text-sm disabled:opacity-50"
            >
              Page précédente
            </button>
            <button
              type="button"
              disabled={last >= list.total}
              onClick={() => void attempt(async () => {}, null, query, offset + REDIRECTS_PAGE)}
              className="rounded border px-2 py-1 text-sm disabled:opacity-50"
            >
              Page suivante
            </button>
          </div>
        </>
      )}

      <form
        onSubmit={create}
        className="mt-8 grid gap-3 rounded border-2 border-encre p-4 md:grid-cols-3"
        aria-labelledby="nouvelle-redirection"
      >
        <h2 id="nouvelle-redirection" className="font-display text-xl font-bold md:col-span-3">
          Nouvelle redirection
        </h2>
        <label className="grid gap-1">
          <span className="text-sm font-bold">Ancienne adresse</span>
          <input
            name="from"
            required
            maxLength={2000}
            placeholder="/2019/05/mon-article/"
            className="rounded border-2 border-encre px-2 py-1"
          />
        </label>
        <label className="grid gap-1">
          <span className="text-sm font-bold">Nouvelle adresse</span>
          <input name="to" required maxLength={2000} placeholder="/mode/mon-article" className="rounded border-2 border-encre px-2 py-1" />
        </label>
        <button type="submit" className="self-end rounded bg-encre px-4 py-2 font-bold text-white">
          Ajouter la redirection
        </button>
      </form>
    </section>
  );
}
