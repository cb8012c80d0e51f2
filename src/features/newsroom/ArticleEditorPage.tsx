/**
 * Writing an article, laid out as a writing surface: the title as a large heading in the magazine's type,
 * the standfirst under it, the body below; everything else (address, category, byline, stamp, images, SEO,
 * the publication date) in a side panel, a drawer on a phone. A sticky bar says where the text stands
 * (« Brouillon enregistré à 10 h 42 », words, reading time) and holds the shared actions, named as in every
 * editor (editorVocabulary); Ctrl/Cmd+S saves, and leaving with unsaved changes is asked first (LeaveGuard). Revisions
 * below. When to save, publish or preview is editorMachine's, through the workflow every editor shares
 * (useFormatEditor): drafts save themselves after a pause, a publish waits for a save under way, a preview
 * never follows a failed save. Saves send the version loaded; a 409 says who saved since and nothing is
 * overwritten (the text stays on screen until the person reloads, then saves again).
 */
import type { JSONContent } from '@tiptap/core';
import { FileField, imageTypes } from './FileField.tsx';
import { type FormEvent, lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  type AdminArticle,
  type AdminAuthor,
  type AdminCategory,
  type ArticleDraftInput,
  type MediaItem,
  newsroom,
  type PageData,
} from '../../api/queries/newsroom.ts';
import { statsLabel, wordCount } from './articleStats.ts';
import { EditorialRevisions } from './EditorialRevisions.tsx';
import { type FocalPoint, FocalPointPicker } from './FocalPointPicker.tsx';
import { LeaveGuard } from './LeaveGuard.tsx';
import { LibraryAddressField } from './LibraryAddressField.tsx';
import { MediaPickerButton } from './MediaPickerDialog.tsx';
import { statusLabels } from './newsroomLabels.ts';
import { failureOf, type FormInput, useFormatEditor } from './useFormatEditor.ts';
import { useMediaQuery } from './useMediaQuery.ts';
import { PublishWarningsNotice } from './PublishWarningsNotice.tsx';
import { browserTimeZone, frenchDateTime, frenchUntil, frenchWhen, localInputValue } from '../../lib/frenchDates.ts';
import { editorActions, saveLabel } from './editorVocabulary.ts';

const RichTextEditor = lazy(() => import('./RichTextEditor.tsx').then((m) => ({ default: m.RichTextEditor })));

const STAMPS = ['bestof', 'crush', 'wtf', 'collab', 'gaming', 'hotaf'] as const;

type Fields = Omit<ArticleDraftInput, 'doc' | 'stamp' | 'slug' | 'authorSlug'> & {
  stamp: string;
  slug: string;
  authorSlug: string;
  doc: JSONContent;
};

const emptyFields: Fields = {
  title: '',
  subtitle: '',
  slug: '',
  categorySlug: '',
  authorSlug: '',
  stamp: '',
  mainImage: { url: '/media/svg/article/nouvel-article.svg', alt: '', width: 1200, height: 800 },
  seoTitle: '',
  seoDescription: '',
  ogImage: null,
  doc: { type: 'doc', content: [{ type: 'paragraph' }] },
};

function fieldsOf(article: AdminArticle): Fields {
  return {
    title: article.title,
    subtitle: article.subtitle,
    slug: article.slug,
    categorySlug: article.categorySlug,
    authorSlug: article.authorSlug,
    stamp: article.stamp ?? '',
    mainImage: article.mainImage,
    seoTitle: article.seoTitle,
    seoDescription: article.seoDescription,
    ogImage: article.ogImage,
    doc: article.doc as JSONContent,
  };
}

/** The fields as the call's body: empty choices left out, the server fills them (address, byline). */
function inputOf(fields: Fields): FormInput<ArticleDraftInput> {
  const out: ArticleDraftInput = {
    title: fields.title,
    subtitle: fields.subtitle,
    categorySlug: fields.categorySlug,
    stamp: fields.stamp === '' ? null : (fields.stamp as ArticleDraftInput['stamp']),
    mainImage: fields.mainImage,
    doc: fields.doc as ArticleDraftInput['doc'],
    seoTitle: fields.seoTitle,
    seoDescription: fields.seoDescription,
    ogImage: fields.ogImage || null,
  };
  if (fields.slug) out.slug = fields.slug;
  if (fields.authorSlug) out.authorSlug = fields.authorSlug;
  return { ok: true, input: out };
}

/** The article calls under the names the shared workflow uses. */
const articleApi = {
  create: (body: ArticleDraftInput) => newsroom.create(body),
  save: (id: number, body: ArticleDraftInput & { version: number }) => newsroom.save(id, body),
  changeStatus: (id: number, body: Parameters<typeof newsroom.changeStatus>[1]) => newsroom.changeStatus(id, body),
  get: (id: number) => newsroom.article(id),
  revisions: (id: number) => newsroom.revisions(id),
  restore: (id: number, revisionId: number, version: number) => newsroom.restore(id, revisionId, version),
  previewLink: (id: number) => newsroom.previewLink(id),
};

export interface ArticleEditorLoaded {
  article: PageData<AdminArticle> | null;
  categories: PageData<AdminCategory[]>;
  authors: PageData<AdminAuthor[]>;
}

/** The library's focal point (null there) as the main image's optional pair. */
const focalOf = (item: Pick<MediaItem, 'focalX' | 'focalY'>): FocalPoint =>
  item.focalX !== null && item.focalY !== null ? { focalX: item.focalX, focalY: item.focalY } : {};

/** The main image without its focal point, to set a new one (or none). */
function withFocal(image: Fields['mainImage'], focal: FocalPoint): Fields['mainImage'] {
  const { focalX: _x, focalY: _y, ...rest } = image;
  return { ...rest, ...focal };
}

const input = 'rounded border-2 border-encre px-2 py-1';
const barButton = 'rounded border-2 border-encre px-3 py-1 text-sm font-bold';

/** « à 10 h 42 » today, « le 12 nov. à 10 h 42 » another day: when the server last saved the article. */
function savedAt(iso: string): string {
  return frenchWhen(iso, new Date(), { short: true });
}

export function ArticleEditorPage({ loaded, onCreated }: { loaded: ArticleEditorLoaded; onCreated: (id: number) => void }) {
  const categories = loaded.categories.data ?? [];
  const authors = loaded.authors.data ?? [];
  const editor = useFormatEditor({
    loaded: loaded.article?.data ?? null,
    api: articleApi,
    emptyForm: () => ({ ...emptyFields, categorySlug: categories[0]?.slug ?? '' }),
    formOf: fieldsOf,
    inputOf,
    onCreated,
    done: {
      saved: 'Enregistré.',
      schedule: 'Article programmé.',
      publish: 'Article publié.',
      unpublish: 'Article dépublié.',
      draft: 'Article repassé en brouillon.',
      reloaded: 'Article rechargé.',
    },
  });
  const {
    item: article,
    form: fields,
    change,
    message,
    say,
    mayPublish,
    save,
    act,
    reload,
    revisions,
    preview,
    unsaved,
    conflict,
  } = editor;
  const isNew = article === null;
  const [scheduleAt, setScheduleAt] = useState(() => localInputValue(new Date(Date.now() + 3600_000)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save();
  };
  const schedule = () => act('schedule', new Date(scheduleAt).toISOString());
  const makePreview = preview.request;

  /** The alt text typed above goes with the image into the library. */
  const uploadImage = async (field: HTMLInputElement) => {
    const file = field.files?.[0];
    if (!file) return;
    if (fields.mainImage.alt.trim() === '') {
      say("Écrivez d'abord le texte alternatif de l'image.", true);
      field.value = '';
      return;
    }
    say('Envoi de l’image…', false);
    try {
      // A focal point already set goes with the image into the library (the default when it is chosen again).
      const focal: FocalPoint = { focalX: fields.mainImage.focalX, focalY: fields.mainImage.focalY };
      const item = await newsroom.upload(file, fields.mainImage.alt, focal);
      change('mainImage', { url: item.url, alt: fields.mainImage.alt, width: item.width, height: item.height, ...focalOf(item) });
      say('Image ajoutée à la médiathèque.', false);
    } catch (caught) {
      say(failureOf(caught).message, true);
    }
  };

  const formRef = useRef<HTMLFormElement>(null);
  const subtitleField = useRef<HTMLTextAreaElement>(null);
  const panelToggle = useRef<HTMLButtonElement>(null);
  const panelClose = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const panelTitleId = useId();
  const scheduleHintId = useId();
  const warningsId = useId();
  const titleId = useId();
  const subtitleId = useId();
  // Below Tailwind's lg (1024 px) the settings are a drawer; from lg, a column beside the text.
  const narrow = useMediaQuery('(max-width: 1023.98px)');
  const [panelOpen, setPanelOpen] = useState(false);
  const drawer = narrow && panelOpen;
  // The drawer takes the focus when it opens and gives it back to its button when it closes.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (drawer) panelClose.current?.focus();
    else if (wasOpen.current) panelToggle.current?.focus();
    wasOpen.current = drawer;
  }, [drawer]);

  // Ctrl/Cmd+S anywhere on the page saves, as the bar's button does (never the browser's "save page").
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        formRef.current?.requestSubmit();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const stats = useMemo(() => statsLabel(wordCount(fields.doc)), [fields.doc]);
  const saveState =
    editor.state === 'saving'
      ? 'Enregistrement…'
      : editor.state !== 'clean' && editor.state !== 'dirty' && editor.state !== 'saveFailed' && editor.state !== 'conflict'
        ? 'Un instant…'
        : unsaved
          ? 'Modifications non enregistrées'
          : !article
            ? 'Pas encore enregistré'
            : article.status === 'draft'
              ? `Brouillon enregistré ${savedAt(article.updatedAt)}`
              : `${statusLabels[article.status]} · enregistré ${savedAt(article.updatedAt)}`;

  if (loaded.article?.error) {
    return (
      <p role="alert" className="font-bold text-piment-dark">
        {loaded.article.error}
      </p>
    );
  }

  return (
    <>
      <LeaveGuard unsaved={unsaved} />
      {drawer ? <div aria-hidden="true" className="fixed inset-0 z-30 bg-encre/50" onClick={() => setPanelOpen(false)} /> : null}
      {/* noValidate: a required field may sit in the closed drawer; the server says what is missing, in French. */}
      <form ref={formRef} noValidate onSubmit={submit}>
        <div
          inert={drawer}
          className="z-20 -mx-4 border-b-2 md:sticky md:top-0 border-encre bg-white/95 px-4 py-2 backdrop-blur supports-[backdrop-filter]:bg-white/85"
        >
          <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2">
            <div className="min-w-0 flex-1">
              <h1 className="font-display text-lg font-bold leading-tight">{isNew ? 'Nouvel article' : 'Modifier l’article'}</h1>
              <p className="text-sm">
                <span>{saveState}</span>
                <span aria-hidden="true"> · </span>
                <span>{stats}</span>
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              {narrow ? (
                <button
                  ref={panelToggle}
                  type="button"
                  aria-expanded={panelOpen}
                  aria-controls={panelId}
                  onClick={() => setPanelOpen(true)}
                  className={barButton}
                >
                  Réglages
                </button>
              ) : null}
              {article ? (
                <button type="button" onClick={makePreview} className={barButton}>
                  {editorActions.preview}
                </button>
              ) : null}
              <button type="submit" aria-keyshortcuts="Control+S Meta+S" className={barButton}>
                {saveLabel(!isNew)}
              </button>
              {article && mayPublish && article.status !== 'published' ? (
                <>
                  <button type="button" onClick={schedule} aria-describedby={scheduleHintId} className={barButton}>
                    {editorActions.schedule}
                  </button>
                  <button
                    type="button"
                    onClick={() => act('publish')}
                    aria-describedby={article.publishWarnings.length > 0 ? `${warningsId}-list` : undefined}
                    className="rounded border-2 border-piment-dark bg-piment-dark px-3 py-1 text-sm font-bold text-white"
                  >
                    {editorActions.publishNow}
                  </button>
                </>
              ) : null}
              {article && mayPublish && article.status === 'published' ? (
                <button type="button" onClick={() => act('unpublish')} className={barButton}>
                  {editorActions.unpublish}
                </button>
              ) : null}
            </div>
          </div>
        </div>
        <div aria-live="polite" inert={drawer} className="mx-auto mt-2 min-h-6 max-w-6xl">
          {/* A 409's sentence is said once, in the alert below with its reload button. */}
          {message && !message.conflict ? (
            <p className={message.error ? 'font-bold text-piment-dark' : 'text-green-800'}>{message.text}</p>
          ) : null}
          {preview.link ? (
            <p>
              <a href={preview.link.url} target="_blank" rel="noopener" className="break-all underline">
                {editorActions.openPreview}
              </a>{' '}
              <span className="text-sm">(lien valable {frenchUntil(preview.link.expiresAt, new Date())})</span>
            </p>
          ) : null}
        </div>
        {conflict ? (
          <div role="alert" inert={drawer} className="mx-auto mt-2 max-w-6xl rounded border-2 border-piment-dark bg-piment-light p-3">
            <p className="font-bold">{conflict}</p>
            <button type="button" onClick={reload} className="mt-2 rounded border-2 border-encre bg-white px-3 py-1 font-bold">
              {editorActions.reloadLatest}
            </button>
          </div>
        ) : null}
        {article && article.status !== 'published' ? (
          <div inert={drawer} className="mx-auto mt-2 max-w-6xl">
            <PublishWarningsNotice id={warningsId} warnings={article.publishWarnings} />
          </div>
        ) : null}
        <div className="mx-auto mt-4 grid max-w-6xl items-start gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div inert={drawer} className="mx-auto grid w-full max-w-3xl content-start gap-3">
            {article ? (
              <p className="text-sm">
                État : <strong>{statusLabels[article.status]}</strong> · version {article.version}
                {article.updatedByName ? ` · enregistré par ${article.updatedByName}` : ''}
                {article.status === 'published' ? (
                  <>
                    {' · '}
                    <a href={article.fullUrl} className="underline">
                      voir la page publiée
                    </a>
                  </>
                ) : null}
              </p>
            ) : null}
            {/* Labels beside, not around, the textareas: a textarea's text would join a wrapping label's name. */}
            <label htmlFor={titleId} className="sr-only">
              Titre
            </label>
            <textarea
              id={titleId}
              rows={1}
              value={fields.title}
              placeholder="Titre"
              maxLength={300}
              onChange={(e) => change('title', e.target.value.replace(/\s*\n\s*/g, ' '))}
              onKeyDown={(e) => {
                // A title is one line: Enter goes on to the standfirst.
                if (e.key === 'Enter') {
                  e.preventDefault();
                  subtitleField.current?.focus();
                }
              }}
              className="resize-none border-0 border-b-2 border-transparent bg-transparent px-0 py-1 font-display text-4xl font-bold leading-tight text-encre [field-sizing:content] placeholder:text-encre/40 focus:border-piment focus:outline-none sm:text-5xl"
            />
            <label htmlFor={subtitleId} className="sr-only">
              Chapô
            </label>
            <textarea
              id={subtitleId}
              ref={subtitleField}
              rows={2}
              value={fields.subtitle}
              placeholder="Chapô : une ou deux phrases qui donnent envie de lire"
              onChange={(e) => change('subtitle', e.target.value)}
              className="resize-none border-0 border-b-2 border-transparent bg-transparent px-0 py-1 text-xl leading-snug text-encre/90 [field-sizing:content] placeholder:text-encre/40 focus:border-piment focus:outline-none"
            />
            <div className="mt-2 grid gap-1">
              <span className="sr-only" id="texte-label">
                Texte
              </span>
              <Suspense fallback={<p>Chargement de l'éditeur…</p>}>
                <RichTextEditor key={editor.formKey} initial={fields.doc} onChange={(doc) => change('doc', doc)} />
              </Suspense>
              <p className="text-sm text-encre/80">
                Raccourcis : Ctrl+B (⌘B) gras, Ctrl+I (⌘I) italique, Ctrl+K (⌘K) lien, Ctrl+S (⌘S) enregistrer.
              </p>
            </div>
          </div>
          <aside
            id={panelId}
            aria-labelledby={panelTitleId}
            onKeyDown={(e) => {
              if (drawer && e.key === 'Escape') {
                e.preventDefault();
                setPanelOpen(false);
              }
            }}
            className={
              narrow
                ? panelOpen
                  ? 'fixed inset-y-0 right-0 z-40 grid w-[min(24rem,100vw)] content-start gap-4 overflow-y-auto border-l-2 border-encre bg-white p-4 shadow-2xl'
                  : 'hidden'
                : 'sticky top-24 grid max-h-[calc(100vh-7rem)] content-start gap-4 overflow-y-auto px-1 pb-4'
            }
          >
            <div className="flex items-center justify-between gap-2">
              <h2 id={panelTitleId} className="font-display text-xl font-bold">
                Réglages de l’article
              </h2>
              {narrow ? (
                <button ref={panelClose} type="button" onClick={() => setPanelOpen(false)} className={barButton}>
                  Fermer
                </button>
              ) : null}
            </div>
            <fieldset className="grid gap-2 rounded border-2 border-encre/30 p-3">
              <legend className="px-1 font-bold">Publication</legend>
              <label className="grid gap-1">
                <span className="text-sm font-bold">Adresse (slug)</span>
                <input
                  value={fields.slug}
                  onChange={(e) => change('slug', e.target.value)}
                  placeholder="générée depuis le titre"
                  pattern="[a-z0-9]+(?:-[a-z0-9]+)*"
                  className={input}
                />
              </label>
              {article && mayPublish && article.status !== 'published' ? (
                <label className="grid gap-1">
                  <span className="text-sm font-bold">Date et heure de publication</span>
                  <input type="datetime-local" value={scheduleAt} onChange={(e) => setScheduleAt(e.target.value)} className={input} />
                  <span id={scheduleHintId} className="text-sm">
                    « {editorActions.schedule} » publiera l’article le{' '}
                    {Number.isNaN(new Date(scheduleAt).getTime()) ? '…' : frenchDateTime(new Date(scheduleAt), browserTimeZone())}.
                  </span>
                </label>
              ) : null}
              {article && (article.status === 'scheduled' || article.status === 'unpublished') ? (
                <button type="button" onClick={() => act('draft')} className={`${barButton} justify-self-start`}>
                  {editorActions.backToDraft}
                </button>
              ) : null}
              {article && !mayPublish ? <p className="text-sm">Un éditeur ou une éditrice publiera cet article.</p> : null}
            </fieldset>
            <fieldset className="grid gap-2 rounded border-2 border-encre/30 p-3">
              <legend className="px-1 font-bold">Classement</legend>
              <label className="grid gap-1">
                <span className="text-sm font-bold">Rubrique</span>
                <select value={fields.categorySlug} onChange={(e) => change('categorySlug', e.target.value)} className={input}>
                  {categories.map((c) => (
                    <option key={c.id} value={c.slug}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="grid gap-1">
                <span className="text-sm font-bold">Signature</span>
                <select value={fields.authorSlug} onChange={(e) => change('authorSlug', e.target.value)} className={input}>
                  <option value="">La mienne</option>
                  {authors.map((a) => (
                    <option key={a.id} value={a.slug}>
                      {a.name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="grid gap-1">
                <span className="text-sm font-bold">Tampon</span>
                <select value={fields.stamp} onChange={(e) => change('stamp', e.target.value)} className={input}>
                  <option value="">Aucun</option>
                  {STAMPS.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </select>
              </label>
            </fieldset>
            <fieldset className="grid gap-2 rounded border-2 border-encre/30 p-3">
              <legend className="px-1 font-bold">Image principale</legend>
              <label className="grid gap-1">
                <span className="text-sm font-bold">Adresse de l'image</span>
                <input
                  value={fields.mainImage.url}
                  onChange={(e) => change('mainImage', { ...fields.mainImage, url: e.target.value })}
                  className={input}
                />
              </label>
              <label className="grid gap-1">
                <span className="text-sm font-bold">Texte alternatif (obligatoire)</span>
                <input
                  required
                  value={fields.mainImage.alt}
                  onChange={(e) => change('mainImage', { ...fields.mainImage, alt: e.target.value })}
                  className={input}
                />
              </label>
              <FileField
                label="Téléverser une image (JPEG, PNG, WebP, AVIF)"
                accept={imageTypes}
                onFile={(field) => void uploadImage(field)}
              />
              <MediaPickerButton
                title="Image principale"
                onPick={(item) =>
                  change('mainImage', { url: item.url, alt: item.alt, width: item.width, height: item.height, ...focalOf(item) })
                }
              />
              {/^\/(?!\/)/.test(fields.mainImage.url) ? (
                <FocalPointPicker image={fields.mainImage} onChange={(focal) => change('mainImage', withFocal(fields.mainImage, focal))} />
              ) : null}
            </fieldset>
            <fieldset className="grid gap-2 rounded border-2 border-encre/30 p-3">
              <legend className="px-1 font-bold">Référencement</legend>
              <label className="grid gap-1">
                <span className="text-sm font-bold">Titre SEO</span>
                <input value={fields.seoTitle ?? ''} onChange={(e) => change('seoTitle', e.target.value)} className={input} />
              </label>
              <label className="grid gap-1">
                <span className="text-sm font-bold">Description SEO</span>
                <textarea
                  rows={2}
                  value={fields.seoDescription ?? ''}
                  onChange={(e) => change('seoDescription', e.target.value)}
                  className={input}
                />
              </label>
              <LibraryAddressField
                label="Image de partage (OG)"
                value={fields.ogImage ?? ''}
                onChange={(url) => change('ogImage', url || null)}
              />
            </fieldset>
          </aside>
        </div>
      </form>
      {revisions ? (
        <div inert={drawer} className="mx-auto max-w-6xl">
          <EditorialRevisions {...revisions} />
        </div>
      ) : null}
    </>
  );
}
