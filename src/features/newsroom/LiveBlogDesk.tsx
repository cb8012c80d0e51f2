/**
 * « Directs » in the newsroom (issue 33): the list and a new live blog's form; one live blog's desk — open
 * it, end it, post entries (text, library image, quotation, article card), correct, delete, pin, publish a
 * contributor's draft. Every message goes to one status line (role="status"); refusals are the server's.
 */
import { Link } from '@tanstack/react-router';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { newsroomLiveBlogs } from '../../api/queries/newsroomLiveBlogs.ts';
import type { AdminLiveBlog, AdminLiveBlogEntry, Image, LiveBlogEntryInput } from '../../api/types.ts';
import { LibraryImageFields } from './LibraryImageFields.tsx';

const stateLabels = { draft: 'Brouillon', live: 'En direct', ended: 'Terminé' } as const;
const field = 'w-full rounded border-2 border-encre/40 px-2 py-1';
const button = 'rounded border-2 border-encre px-3 py-1 font-bold';

/** Paragraphs typed in a plain text area, as the editor's document. */
const docOf = (text: string) => ({
  type: 'doc' as const,
  content: text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => ({ type: 'paragraph', content: [{ type: 'text', text: p }] })),
});

function useDesk() {
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const say = useCallback((text: string, error: boolean) => setMessage({ text, error }), []);
  const run = useCallback(
    async (work: () => Promise<void>) => {
      try {
        await work();
      } catch (caught) {
        say(caught instanceof Error ? caught.message : 'Le direct est indisponible.', true);
      }
    },
    [say],
  );
  const line = (
    <p role="status" className={`mt-3 min-h-6 ${message?.error ? 'font-bold text-piment-dark' : ''}`}>
      {message?.text}
    </p>
  );
  return { say, run, line };
}

function NewLiveBlog({ onCreated }: { onCreated: (id: number) => void }) {
  const { say, run, line } = useDesk();
  const ids = { title: useId(), intro: useId(), category: useId() };
  const [form, setForm] = useState({ title: '', intro: '', categorySlug: 'mode' });
  const [image, setImage] = useState<Image>({ url: '/media/svg/article/direct.svg', alt: '', width: 1200, height: 800 });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => onCreated((await newsroomLiveBlogs.create({ ...form, mainImage: image })).id));
  };
  return (
    <form onSubmit={submit} className="mt-6 grid max-w-2xl gap-3 rounded border-2 border-encre/20 p-4">
      <h2 className="font-display text-xl font-bold">Nouveau direct</h2>
      <label htmlFor={ids.title} className="font-bold">
        Titre
      </label>
      <input id={ids.title} className={field} value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} required />
      <label htmlFor={ids.intro} className="font-bold">
        Chapô
      </label>
      <textarea id={ids.intro} className={field} value={form.intro} onChange={(e) => setForm({ ...form, intro: e.target.value })} />
      <label htmlFor={ids.category} className="font-bold">
        Rubrique (adresse)
      </label>
      <input
        id={ids.category}
        className={field}
        value={form.categorySlug}
        onChange={(e) => setForm({ ...form, categorySlug: e.target.value })}
      />
      <LibraryImageFields legend="Image principale" image={image} onChange={setImage} run={run} say={say} aspect="aspect-[3/2]" />
      <button type="submit" className="justify-self-start rounded bg-encre px-4 py-2 font-bold text-white">
        Créer le direct
      </button>
      {line}
    </form>
  );
}

function EntryForm({
  initial,
  label,
  onSubmit,
}: {
  initial?: AdminLiveBlogEntry;
  label: string;
  onSubmit: (input: LiveBlogEntryInput) => Promise<void>;
}) {
  const ids = { text: useId(), quote: useId(), source: useId(), article: useId() };
  const [text, setText] = useState(initial?.body.map((b) => b.text).join('\n\n') ?? '');
  const [quote, setQuote] = useState({ text: initial?.quotation?.text ?? '', source: initial?.quotation?.source ?? '' });
  const [articleSlug, setArticleSlug] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit({
      doc: docOf(text),
      quotation: quote.text.trim() ? quote : null,
      articleSlug: articleSlug.trim() || (initial?.article ? (initial.article.path.split('/').pop() ?? null) : null),
    }).then(() => {
      if (!initial) setText('');
    });
  };
  return (
    <form onSubmit={submit} className="grid gap-2">
      <label htmlFor={ids.text} className="font-bold">
        Texte de l’entrée
      </label>
      <textarea id={ids.text} className={field} rows={4} value={text} onChange={(e) => setText(e.target.value)} />
      <label htmlFor={ids.quote}>Citation (facultative)</label>
      <input id={ids.quote} className={field} value={quote.text} onChange={(e) => setQuote({ ...quote, text: e.target.value })} />
      <label htmlFor={ids.source}>Auteur de la citation</label>
      <input id={ids.source} className={field} value={quote.source} onChange={(e) => setQuote({ ...quote, source: e.target.value })} />
      <label htmlFor={ids.article}>Article à mettre en carte (son adresse, facultatif)</label>
      <input id={ids.article} className={field} value={articleSlug} onChange={(e) => setArticleSlug(e.target.value)} />
      <button type="submit" className="justify-self-start rounded bg-encre px-4 py-2 font-bold text-white">
        {label}
      </button>
    </form>
  );
}

function LiveBlogEditor({ id }: { id: number }) {
  const { say, run, line } = useDesk();
  const [blog, setBlog] = useState<AdminLiveBlog | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const reload = useCallback(() => run(async () => setBlog(await newsroomLiveBlogs.get(id))), [id, run]);
  useEffect(() => {
    void reload();
  }, [reload]);
  if (!blog) return line;
  const act = (work: () => Promise<unknown>, done: string) =>
    run(async () => {
      await work();
      await reload();
      say(done, false);
    });
  return (
    <section>
      <p>
        <Link to="/admin/directs/{-$id}" params={{ id: undefined }} className="underline">
          Tous les directs
        </Link>
      </p>
      <h1 className="mt-2 font-display text-3xl font-bold">{blog.title}</h1>
      <p className="mt-1">
        État : <strong>{stateLabels[blog.state]}</strong>
        {blog.state !== 'draft' ? (
          <a href={`/direct/${blog.url}`} className="ml-3 underline">
            Voir la page
          </a>
        ) : null}
      </p>
      <div className="mt-3 flex gap-2">
        {blog.state === 'draft' ? (
          <button
            type="button"
            className={button}
            onClick={() => act(() => newsroomLiveBlogs.setState(id, 'live'), 'Le direct est ouvert.')}
          >
            Passer en direct
          </button>
        ) : null}
        {blog.state === 'live' ? (
          <button
            type="button"
            className={button}
            onClick={() => act(() => newsroomLiveBlogs.setState(id, 'ended'), 'Le direct est terminé.')}
          >
            Terminer le direct
          </button>
        ) : null}
      </div>
      {line}
      {blog.state !== 'ended' ? (
        <div className="mt-4 max-w-2xl rounded border-2 border-encre/20 p-4">
          <EntryForm label="Publier l’entrée" onSubmit={(input) => act(() => newsroomLiveBlogs.post(id, input), 'Entrée publiée.')} />
        </div>
      ) : null}
      <h2 className="mt-6 font-display text-xl font-bold">Entrées</h2>
      <ol className="mt-2 grid max-w-2xl gap-3">
        {blog.entries.map((entry) => (
          <li key={entry.id} className="rounded border-2 border-encre/20 p-3">
            <p className="text-sm">
              {entry.status === 'draft' ? 'Brouillon' : entry.publishedAt ? new Date(entry.publishedAt).toLocaleTimeString('fr-FR') : ''}
              {entry.pinned ? ' · Épinglée' : ''}
              {entry.correctedAt ? ' · Corrigée' : ''}
            </p>
            {editing === entry.id ? (
              <EntryForm
                initial={entry}
                label="Enregistrer la correction"
                onSubmit={(input) =>
                  act(() => newsroomLiveBlogs.correct(id, entry.id, input), 'Entrée corrigée.').then(() => setEditing(null))
                }
              />
            ) : (
              <p className="mt-1 whitespace-pre-line">{entry.body.map((b) => b.text).join('\n\n') || entry.quotation?.text}</p>
            )}
            <div className="mt-2 flex flex-wrap gap-2">
              <button type="button" className={button} onClick={() => setEditing(editing === entry.id ? null : entry.id)}>
                {editing === entry.id ? 'Annuler' : 'Corriger'}
              </button>
              {entry.status === 'draft' ? (
                <button
                  type="button"
                  className={button}
                  onClick={() => act(() => newsroomLiveBlogs.publish(id, entry.id), 'Entrée publiée.')}
                >
                  Publier
                </button>
              ) : (
                <button
                  type="button"
                  className={button}
                  onClick={() =>
                    act(() => newsroomLiveBlogs.pin(id, entry.id, !entry.pinned), entry.pinned ? 'Entrée désépinglée.' : 'Entrée épinglée.')
                  }
                >
                  {entry.pinned ? 'Désépingler' : 'Épingler'}
                </button>
              )}
              <button
                type="button"
                className={button}
                onClick={() =>
                  window.confirm('Supprimer cette entrée ?') && act(() => newsroomLiveBlogs.remove(id, entry.id), 'Entrée supprimée.')
                }
              >
                Supprimer
              </button>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function LiveBlogDesk({ id, onCreated }: { id: number | null; onCreated: (id: number) => void }) {
  const { run, line } = useDesk();
  const [list, setList] = useState<AdminLiveBlog[] | null>(null);
  useEffect(() => {
    if (id === null) void run(async () => setList(await newsroomLiveBlogs.list()));
  }, [id, run]);
  if (id !== null) return <LiveBlogEditor key={id} id={id} />;
  return (
    <section>
      <h1 className="font-display text-3xl font-bold">Directs</h1>
      {line}
      <ul className="mt-4 grid gap-2">
        {list?.length === 0 ? <li>Aucun direct pour l’instant.</li> : null}
        {list?.map((blog) => (
          <li key={blog.id}>
            <Link to="/admin/directs/{-$id}" params={{ id: String(blog.id) }} className="font-bold underline-offset-4 hover:underline">
              {blog.title}
            </Link>{' '}
            — {stateLabels[blog.state]}
          </li>
        ))}
      </ul>
      <NewLiveBlog onCreated={onCreated} />
    </section>
  );
}
