/**
 * One live blog in the newsroom: its fields in the shared editor frame (versions, 409, publish = go live,
 * revisions and restore), its end (asked first), and its entries on the shared ChildItemsDesk, whose form is
 * the blog's own: a text, a library image, a quotation, an article card. Its calls are the generic formatCalls'.
 */
import { type FormEvent, useState } from 'react';
import type { PageData } from '../../api/queries/newsroom.ts';
import { callOperation, formatCalls } from '../../api/queries/newsroomFormatCalls.ts';
import type { AdminLiveBlog, AdminLiveBlogEntry, Image, LiveBlogEntryInput, LiveBlogInput } from '../../api/types.ts';
import { liveBlogDeclaration } from '../../formats/liveBlogFormat.ts';
import { type ChildFormProps, ChildItemsDesk } from './ChildItemsDesk.tsx';
import { useConfirm } from './ConfirmDialog.tsx';
import { FieldRow } from './FieldRow.tsx';
import { FormatEditorFrame } from './FormatEditorFrame.tsx';
import { LibraryImageFields } from './LibraryImageFields.tsx';
import { always, doneSentences, useFormatEditor } from './useFormatEditor.ts';

const calls = formatCalls(liveBlogDeclaration.operations);
const button = 'rounded border-2 border-encre px-3 py-1 font-bold';
const aspect = 'aspect-[3/2]';
const noImage: Image = { url: '', alt: '', width: 1200, height: 800 };
const cover: Image = { ...noImage, url: '/media/svg/article/direct.svg' };
type Form = Omit<LiveBlogInput, 'slug'> & { slug: string };
type Tools = { run: (work: () => Promise<void>) => Promise<void>; say: (text: string, error: boolean) => void; aspect: string };

/** Paragraphs typed in a plain text area, as the editor's document. */
const docOf = (text: string) => ({
  type: 'doc' as const,
  content: text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => ({ type: 'paragraph', content: [{ type: 'text', text: p }] })),
});

function EntryForm({ initial, label, send, ...tools }: Tools & ChildFormProps<AdminLiveBlogEntry, LiveBlogEntryInput>) {
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
      <FieldRow label="Texte de l’entrée" rows={4} value={text} onChange={setText} />
      <LibraryImageFields legend="Image de l’entrée (facultative)" image={image} onChange={setImage} {...tools} />
      <FieldRow label="Citation (facultative)" value={quote.text} onChange={(v) => setQuote({ ...quote, text: v })} />
      <FieldRow label="Auteur de la citation" value={quote.source} onChange={(v) => setQuote({ ...quote, source: v })} />
      <FieldRow label="Article à mettre en carte (son adresse, facultatif)" value={articleSlug} onChange={setArticleSlug} />
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
    emptyForm: (): Form => ({ title: '', slug: '', intro: '', categorySlug: 'mode', mainImage: cover }),
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
  const { item: blog, form, change, run, say } = editor;
  const tools = { run, say, aspect };
  const { confirm, dialog } = useConfirm();
  const ended = Boolean(blog?.coverageEndAt);

  /** An operation on the blog or one entry, then the blog afresh (its entries), said on the editor's status line. */
  const act = (work: () => Promise<unknown>, done: string) =>
    run(async () => {
      if (!blog) return;
      await work();
      editor.refreshed(await calls.get(blog.id));
      say(done, false);
    });
  const end = async () => {
    const consequence = 'Il ne sera plus « En direct » : les lecteurs ne recevront plus d’entrée et on ne pourra plus en publier.';
    if (blog && (await confirm({ title: 'Terminer ce direct ?', consequence, confirmLabel: 'Terminer le direct' })))
      await act(() => callOperation('endAdminLiveBlog', { id: blog.id }, { body: { version: blog.version } }), 'Le direct est terminé.');
  };

  return (
    <>
      <FormatEditorFrame
        editor={editor}
        format={liveBlogDeclaration}
        loadError={loaded?.error}
        title={blog?.title}
        state={ended ? 'Terminé' : blog?.status === 'published' ? 'En direct' : undefined}
        publicLink={blog ? { slug: blog.url, label: 'Voir la page' } : null}
        preview={false}
        aside={
          blog?.status === 'published' && !ended && editor.mayPublish ? (
            <button type="button" className={button} disabled={editor.busy} onClick={end}>
              Terminer le direct
            </button>
          ) : null
        }
      >
        <FieldRow label="Titre" maxLength={200} value={form.title} onChange={(v) => change('title', v)} />
        <FieldRow label="Adresse (vide : tirée du titre)" value={form.slug} onChange={(v) => change('slug', v)} />
        <FieldRow label="Chapô" rows={3} maxLength={600} value={form.intro} onChange={(v) => change('intro', v)} />
        <FieldRow label="Rubrique (adresse)" value={form.categorySlug} onChange={(v) => change('categorySlug', v)} />
        <LibraryImageFields legend="Image principale" image={form.mainImage} onChange={(i) => change('mainImage', i)} {...tools} />
      </FormatEditorFrame>
      {blog ? (
        <ChildItemsDesk
          declaration={liveBlogDeclaration.children}
          parentId={blog.id}
          items={blog.entries}
          closed={ended}
          act={act}
          form={(props) => <EntryForm {...props} {...tools} />}
          summary={(e) => <p className="mt-1 whitespace-pre-line">{e.body.map((b) => b.text).join('\n\n') || e.quotation?.text}</p>}
        />
      ) : null}
      {dialog}
    </>
  );
}
