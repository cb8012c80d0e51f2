import { type FormEvent, useState } from 'react';
import { appConfig } from '../../../app.config.ts';
import {
  type AdminArticleSummary,
  type AdminBestof,
  type AdminBestofArticle,
  NewsroomError,
  newsroom,
  type PageData,
} from '../../api/queries/newsroom.ts';
import { placed } from './listOrder.ts';
import { OrderControls, useDragOrder } from './OrderControls.tsx';
import { useNewsroomSession } from './NewsroomShell.tsx';
import { editorActions } from './editorVocabulary.ts';

type Picked = Pick<AdminBestofArticle, 'id' | 'title' | 'categoryName'>;

/**
 * The best-of selection (issue 19): published articles the home page highlights, in order. Everyone sees it;
 * editors add, move and remove, then save the whole list (a colleague's save in between is refused, not lost).
 */
export function BestofPage({ loaded }: { loaded: PageData<AdminBestof> }) {
  const { session } = useNewsroomSession();
  const canWrite = session?.staff.role === 'editor' || session?.staff.role === 'admin';
  const [saved, setSaved] = useState<AdminBestof | null>(loaded.data ?? null);
  const [picked, setPicked] = useState<Picked[]>(loaded.data?.articles ?? []);
  const drag = useDragOrder((from, to) => setPicked((list) => placed(list, from, to)), canWrite);
  const [found, setFound] = useState<AdminArticleSummary[] | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(
    loaded.error ? { text: loaded.error, error: true } : null,
  );
  const max = appConfig.newsroom.bestofMaxArticles;
  const dirty = saved !== null && picked.map((a) => a.id).join() !== saved.articles.map((a) => a.id).join();

  const search = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    try {
      const page = await newsroom.articles({ status: 'published', limit: 10, ...(q ? { q } : {}) });
      setFound(page.results);
    } catch (caught) {
      setMessage({ text: caught instanceof NewsroomError ? caught.message : 'La recherche a échoué.', error: true });
    }
  };

  const save = async () => {
    if (!saved) return;
    try {
      const next = await newsroom.saveBestof({ ids: picked.map((a) => a.id), version: saved.version });
      setSaved(next);
      setPicked(next.articles);
      setMessage({ text: 'Sélection enregistrée : la page d’accueil la montre déjà.', error: false });
    } catch (caught) {
      setMessage({ text: caught instanceof NewsroomError ? caught.message : 'L’enregistrement a échoué.', error: true });
    }
  };

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="font-display text-3xl font-bold">Best-of</h1>
      <p className="mt-2 text-encre/80">
        Les articles publiés que la page d’accueil met en avant, dans cet ordre (les {appConfig.home.bestofCount} premiers y sont affichés ;{' '}
        {max} au plus).
      </p>
      {message ? (
        <p role={message.error ? 'alert' : 'status'} className={`mt-4 font-bold ${message.error ? 'text-piment-dark' : 'text-green-800'}`}>
          {message.text}
        </p>
      ) : null}
      <h2 className="mt-8 font-display text-xl font-bold">La sélection</h2>
      {picked.length === 0 ? <p className="mt-2">La sélection est vide.</p> : null}
      <ol className="mt-3 space-y-2" aria-label="Sélection best-of">
        {picked.map((article, index) => (
          <li key={article.id} className="flex flex-wrap items-center gap-3 rounded border-2 border-encre px-3 py-2" {...drag(index)}>
            <span className="font-bold">{index + 1}.</span>
            <span className="flex-1">
              {article.title} <span className="text-sm text-encre/70">({article.categoryName})</span>
            </span>
            {canWrite ? (
              <OrderControls
                what={`« ${article.title} »`}
                index={index}
                count={picked.length}
                onPlace={(from, to) => setPicked(placed(picked, from, to))}
              >
                <button
                  type="button"
                  onClick={() => setPicked(picked.filter((a) => a.id !== article.id))}
                  className="rounded border-2 border-encre px-2 text-sm"
                >
                  Retirer<span className="sr-only"> « {article.title} »</span>
                </button>
              </OrderControls>
            ) : null}
          </li>
        ))}
      </ol>
      {canWrite ? (
        <>
          <p className="mt-4 flex items-center gap-4">
            <button
              type="button"
              className="rounded bg-encre px-4 py-2 font-bold text-white disabled:opacity-50"
              disabled={!dirty}
              onClick={save}
            >
              {editorActions.save}
            </button>
            {dirty ? <span className="text-sm">Modifications non enregistrées.</span> : null}
          </p>
          <h2 className="mt-10 font-display text-xl font-bold">Ajouter un article publié</h2>
          <form className="mt-3 flex flex-wrap items-end gap-3" onSubmit={search}>
            <label className="flex flex-col">
              <span>Titre</span>
              <input name="q" type="search" maxLength={200} className="rounded border-2 border-encre px-2 py-1" />
            </label>
            <button type="submit" className="rounded border-2 border-encre px-3 py-1 font-bold">
              Chercher
            </button>
          </form>
          {found ? (
            <ul className="mt-3 space-y-2" aria-label="Articles trouvés">
              {found.length === 0 ? <li>Aucun article publié ne correspond.</li> : null}
              {found.map((article) => {
                const inList = picked.some((a) => a.id === article.id);
                return (
                  <li key={article.id} className="flex flex-wrap items-center gap-3">
                    <span className="flex-1">
                      {article.title} <span className="text-sm text-encre/70">({article.categoryName})</span>
                    </span>
                    <button
                      type="button"
                      className="rounded border-2 border-encre px-2 disabled:opacity-50"
                      disabled={inList || picked.length >= max}
                      onClick={() => setPicked([{ id: article.id, title: article.title, categoryName: article.categoryName }, ...picked])}
                    >
                      {inList ? 'Déjà choisi' : 'Ajouter'}
                      <span className="sr-only"> « {article.title} »</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
