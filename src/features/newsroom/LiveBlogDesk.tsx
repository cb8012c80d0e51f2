/**
 * One live blog in the newsroom: its fields in the shared editor frame (versions, 409, publish = go live,
 * revisions and restore), its end, and the entries desk: post an entry (text, a library image, a quotation, an
 * article card), correct, pin, publish a contributor's draft, delete. Its calls are the generic formatCalls'.
 */
import { type FormEvent, useId, useState } from 'react';
import { callOperation, formatCalls } from '../../api/queries/newsroomFormatCalls.ts';
import type { PageData } from '../../api/queries/newsroom.ts';
import type { AdminLiveBlog, AdminLiveBlogEntry, Image, LiveBlogEntryInput, LiveBlogInput } from '../../api/types.ts';
import { liveBlogDeclaration } from '../../formats/liveBlogFormat.ts';
import { EditorialRevisions } from './EditorialRevisions.tsx';
import { EditorSidebar } from './EditorSidebar.tsx';
import { LibraryImageFields } from './LibraryImageFields.tsx';
import { statusLabels } from './newsroomLabels.ts';
import { always, doneSentences, useFormatEditor } from './useFormatEditor.ts';

const calls = formatCalls(liveBlogDeclaration.operations);
const field = 'rounded border-2 border-encre px-2 py-1';
const button = 'rounded border-2 border-encre px-3 py-1 font-bold';
const noImage: Image = { url: '', alt: '', width: 1200, height: 800 };
type Form = Omit<LiveBlogInput, 'slug'> & { slug: string };
type Tools = { run: (work: () => Promise<void>) => Promise<void>; say: (text: string, error: boolean) => void };

/** Paragraphs typed in a plain text area, as the editor's document. */
const docOf = (text: string) => ({
  type: 'doc' as const,
  content: text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => ({ type: 'paragraph', content: [{ type: 'text', text: p }] })),
});

function EntryForm({
  initial,
  label,
  send,
  ...tools
}: Tools & { initial?: AdminLiveBlogEntry; label: string; send: (input: LiveBlogEntryInput) => Promise<void> }) {
  const ids = { text: useId(), quote: useId(), source: useId(), article: useId() };
  const [text, setText] = useState(initial?.body.map((b) => b.text).join('\n\n') ?? '');
  const [quote, setQuote] = useState({ text: initial?.quotation?.text ?? '', source: initial?.quotation?.source ?? '' });
  const [articleSlug, setArticleSlug] = useState(initial?.article?.path.split('/').pop() ?? '');
  const [image, setImage] = useState<Image>(initial?.image ?? noImage);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { doc: docOf(text), image: image.url ? image : null, quotation: quote.text.trim() ? quote : null };
    void send({ ...input, articleSlug: articleSlug.trim() || null }).then(() => {
      if (initial) return;
      setText('');
      setImage(noImage);
    });
  };
  return (
    <form onSubmit={submit} className="grid gap-2" noValidate>
      <label htmlFor={ids.text} className="font-bold">
        Texte de l’entrée
      </label>
      <textarea id={ids.text} className={field} rows={4} value={text} onChange={(e) => setText(e.target.value)} />
      <LibraryImageFields legend="Image de l’entrée (facultative)" image={image} onChange={setImage} {...tools} aspect="aspect-[3/2]" />
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

export function LiveBlogDesk({ loaded, onCreated }: { loaded: PageData<AdminLiveBlog> | null; onCreated: (id: number) => void }) {
  const editor = useFormatEditor({
    loaded: loaded?.data ?? null,
    api: calls,
    emptyForm: (): Form => ({
      title: '',
      slug: '',
      intro: '',
      categorySlug: 'mode',
      mainImage: { ...noImage, url: '/media/svg/article/direct.svg' },
    }),
    formOf: (b: AdminLiveBlog): Form => ({
      title: b.title,
      slug: b.url,
      intro: b.intro,
      categorySlug: b.category.slug,
      mainImage: b.mainImage,
    }),
    inputOf: always(({ slug, ...form }: Form): LiveBlogInput => ({ ...form, ...(slug.trim() ? { slug: slug.trim() } : {}) })),
    onCreated,
    done: { ...doneSentences(liveBlogDeclaration), publish: 'Le direct est ouvert.' },
  });
  const { item: blog, form, change, submit, revisions, run, say } = editor;
  const [editing, setEditing] = useState<number | null>(null);
  const ids = { title: useId(), slug: useId(), intro: useId(), category: useId() };
  if (loaded?.error)
    return (
      <p role="alert" className="font-bold text-piment-dark">
        {loaded.error}
      </p>
    );

  /** An operation on the blog or one entry, then the blog afresh (its entries), said on the editor's status line. */
  const act = (work: (id: number) => Promise<unknown>, done: string) =>
    run(async () => {
      if (!blog) return;
      await work(blog.id);
      editor.refreshed(await calls.get(blog.id));
      say(done, false);
    });
  const onEntry = (entry: AdminLiveBlogEntry, op: 'pinLiveBlogEntry' | 'publishLiveBlogEntry' | 'deleteLiveBlogEntry', done: string) =>
    act((id) => callOperation(op, { id, entryId: entry.id }, op === 'pinLiveBlogEntry' ? { body: { pinned: !entry.pinned } } : {}), done);
  const ended = Boolean(blog?.coverageEndAt);
  const state = blog ? (ended ? 'Terminé' : blog.status === 'published' ? 'En direct' : statusLabels[blog.status]) : '';
  const labelled = (id: string, label: string) => (
    <label htmlFor={id} className="font-bold">
      {label}
    </label>
  );

  return (
    <section>
      <h1 className="font-display text-3xl font-bold">{blog ? blog.title : 'Nouveau direct'}</h1>
      {blog ? <p className="mt-1 text-sm">{`${state} · version ${blog.version}`}</p> : null}
      <form onSubmit={submit} className="mt-4 grid gap-6 lg:grid-cols-[1fr_18rem]" noValidate>
        <div className="grid max-w-2xl content-start gap-2">
          {labelled(ids.title, 'Titre')}
          <input id={ids.title} className={field} maxLength={200} value={form.title} onChange={(e) => change('title', e.target.value)} />
          {labelled(ids.slug, 'Adresse (vide : tirée du titre)')}
          <input id={ids.slug} className={field} value={form.slug} onChange={(e) => change('slug', e.target.value)} />
          {labelled(ids.intro, 'Chapô')}
          <textarea id={ids.intro} className={field} maxLength={600} value={form.intro} onChange={(e) => change('intro', e.target.value)} />
          {labelled(ids.category, 'Rubrique (adresse)')}
          <input id={ids.category} className={field} value={form.categorySlug} onChange={(e) => change('categorySlug', e.target.value)} />
          <LibraryImageFields
            legend="Image principale"
            image={form.mainImage}
            onChange={(i) => change('mainImage', i)}
            run={run}
            say={say}
            aspect="aspect-[3/2]"
          />
        </div>
        <EditorSidebar
          editor={editor}
          format={liveBlogDeclaration}
          publicLink={blog ? { slug: blog.url, label: 'Voir la page' } : null}
          preview={false}
        >
          {blog?.status === 'published' && !ended && editor.mayPublish ? (
            <button
              type="button"
              className={button}
              disabled={editor.busy}
              onClick={() =>
                act((id) => callOperation('endAdminLiveBlog', { id }, { body: { version: blog.version } }), 'Le direct est terminé.')
              }
            >
              Terminer le direct
            </button>
          ) : null}
        </EditorSidebar>
      </form>
      {revisions ? <EditorialRevisions {...revisions} /> : null}
      {blog && !ended ? (
        <div className="mt-6 max-w-2xl rounded border-2 border-encre/20 p-4">
          <h2 className="font-display text-xl font-bold">Nouvelle entrée</h2>
          <EntryForm
            label="Publier l’entrée"
            run={run}
            say={say}
            send={(body) => act((id) => callOperation('createLiveBlogEntry', { id }, { body }), 'Entrée publiée.')}
          />
        </div>
      ) : null}
      {blog ? <h2 className="mt-6 font-display text-xl font-bold">Entrées</h2> : null}
      <ol className="mt-2 grid max-w-2xl gap-3">
        {blog?.entries.map((entry) => (
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
                run={run}
                say={say}
                send={(body) =>
                  act((id) => callOperation('correctLiveBlogEntry', { id, entryId: entry.id }, { body }), 'Entrée corrigée.').then(() =>
                    setEditing(null),
                  )
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
                <button type="button" className={button} onClick={() => onEntry(entry, 'publishLiveBlogEntry', 'Entrée publiée.')}>
                  Publier
                </button>
              ) : (
                <button
                  type="button"
                  className={button}
                  onClick={() => onEntry(entry, 'pinLiveBlogEntry', entry.pinned ? 'Entrée désépinglée.' : 'Entrée épinglée.')}
                >
                  {entry.pinned ? 'Désépingler' : 'Épingler'}
                </button>
              )}
              <button type="button" className={button} onClick={() => onEntry(entry, 'deleteLiveBlogEntry', 'Entrée supprimée.')}>
                Supprimer
              </button>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
