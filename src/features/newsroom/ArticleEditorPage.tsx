/**
 * Writing an article, laid out as a writing surface: the title as a large heading in the magazine's type,
 * the standfirst under it, the body below; everything else (address, category, byline, stamp, images, SEO,
 * the publication date) in a side panel, a drawer on a phone. A sticky bar says where the text stands
 * (« Brouillon enregistré à 10:42 », words, reading time) and holds Aperçu, Enregistrer, Programmer and
 * Publier; Ctrl/Cmd+S saves, and leaving with unsaved changes is asked first (LeaveGuard). Revisions
 * below. When to save, publish or preview is articleEditorMachine's: drafts save themselves after a
 * pause, a publish waits for a save under way, a preview never follows a failed save. Saves send the version
 * loaded; a 409 says who saved since and nothing is overwritten (the person reloads, then saves again).
 */
import type { JSONContent } from '@tiptap/core';
import { useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  type AdminArticle,
  type AdminAuthor,
  type AdminCategory,
  type ArticleDraftInput,
  newsroom,
  NewsroomError,
  type MediaItem,
  type Revision,
} from '../../api/queries/newsroom.ts';
import { articleEditorMachine, type StatusAction } from './articleEditorMachine.ts';
import { statsLabel, wordCount } from './articleStats.ts';
import { RevisionList } from './EditorialRevisions.tsx';
import { LeaveGuard } from './LeaveGuard.tsx';
import { useMediaQuery } from './useMediaQuery.ts';
import { statusLabels } from './newsroomLabels.ts';
import { type FocalPoint, FocalPointPicker } from './FocalPointPicker.tsx';
import { LibraryAddressField } from './LibraryAddressField.tsx';
import { MediaPickerButton } from './MediaPickerDialog.tsx';
import { useNewsroomSession } from './NewsroomShell.tsx';

const RichTextEditor = lazy(() => import('./RichTextEditor.tsx').then((m) => ({ default: m.RichTextEditor })));

const STAMPS = ['bestof', 'crush', 'wtf', 'collab', 'gaming', 'hotaf'] as const;

type Fields = Omit<ArticleDraftInput, 'doc' | 'stamp' | 'slug' | 'authorSlug'> & { stamp: string; slug: string; authorSlug: string };

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
  };
}

/** The library's focal point (null there) as the main image's optional pair. */
const focalOf = (item: Pick<MediaItem, 'focalX' | 'focalY'>): FocalPoint =>
  item.focalX !== null && item.focalY !== null ? { focalX: item.focalX, focalY: item.focalY } : {};

/** The main image without its focal point, to set a new one (or none). */
function withFocal(image: Fields['mainImage'], focal: FocalPoint): Fields['mainImage'] {
  const { focalX: _x, focalY: _y, ...rest } = image;
  return { ...rest, ...focal };
}

/** `datetime-local` wants local time without zone. */
function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * What the machine hears of a failed call: a 409 is a version conflict only when the server says which
 * version won (an address already taken is a 409 too, but the person fixes the field, not by reloading).
 */
function asFailure(caught: unknown) {
  const known = caught instanceof NewsroomError;
  const versionConflict =
    known && caught.status === 409 && Boolean((caught.body as { currentVersion?: number } | undefined)?.currentVersion);
  return {
    status: versionConflict ? 409 : known && caught.status !== 409 ? caught.status : 400,
    message: known ? caught.message : "L'enregistrement a échoué.",
  };
}
const failing =
  <I,>(work: (input: I) => Promise<void>) =>
  async ({ input }: { input: I }) => {
    try {
      await work(input);
    } catch (caught) {
      throw asFailure(caught);
    }
  };

const input = 'rounded border-2 border-encre px-2 py-1';
const barButton = 'rounded border-2 border-encre px-3 py-1 text-sm font-bold';

/** « 10:42 » today, « 12 nov. à 10:42 » another day: when the server last saved the article. */
function savedAt(iso: string): string {
  const date = new Date(iso);
  const time = date.toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit' });
  if (date.toDateString() === new Date().toDateString()) return time;
  return `${date.toLocaleDateString('fr-FR', { day: 'numeric', month: 'short' })} à ${time}`;
}

export function ArticleEditorPage({ id }: { id: string }) {
  const isNew = id === 'nouveau';
  const navigate = useNavigate();
  const { session } = useNewsroomSession();
  const [article, setArticle] = useState<AdminArticle | null>(null);
  const [fields, setFields] = useState<Fields>(emptyFields);
  const [doc, setDoc] = useState<JSONContent>({ type: 'doc', content: [{ type: 'paragraph' }] });
  const [loaded, setLoaded] = useState(isNew);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [categories, setCategories] = useState<AdminCategory[]>([]);
  const [authors, setAuthors] = useState<AdminAuthor[]>([]);
  const [preview, setPreview] = useState<string | null>(null);
  const [scheduleAt, setScheduleAt] = useState(() => localInputValue(new Date(Date.now() + 3600_000)));
  const [revisions, setRevisions] = useState<Revision[] | null>(null);

  /** Bumped when the body is replaced from the server (load, reload, restore): the editor starts over then. */
  const [docKey, setDocKey] = useState(0);

  /** Takes the server's copy; the body in the editor is replaced only when asked (not after each save). */
  const adopt = useCallback((fresh: AdminArticle, replaceDoc = false) => {
    setArticle(fresh);
    setFields(fieldsOf(fresh));
    if (replaceDoc) {
      setDoc(fresh.doc as JSONContent);
      setDocKey((k) => k + 1);
    }
  }, []);

  useEffect(() => {
    void newsroom.categories().then((list) => {
      setCategories(list);
      setFields((f) => (f.categorySlug ? f : { ...f, categorySlug: list[0]?.slug ?? '' }));
    });
    void newsroom.authors().then(setAuthors);
  }, []);

  const body = useCallback((): ArticleDraftInput => {
    const out: ArticleDraftInput = {
      title: fields.title,
      subtitle: fields.subtitle,
      categorySlug: fields.categorySlug,
      stamp: fields.stamp === '' ? null : (fields.stamp as ArticleDraftInput['stamp']),
      mainImage: fields.mainImage,
      doc: doc as ArticleDraftInput['doc'],
      seoTitle: fields.seoTitle,
      seoDescription: fields.seoDescription,
      ogImage: fields.ogImage || null,
    };
    if (fields.slug) out.slug = fields.slug;
    if (fields.authorSlug) out.authorSlug = fields.authorSlug;
    return out;
  }, [fields, doc]);

  /** A failure outside the machine's calls (an upload, the library): said, nothing else changes. */
  const fail = useCallback((caught: unknown) => {
    setMessage({ text: caught instanceof NewsroomError ? caught.message : "L'enregistrement a échoué.", error: true });
  }, []);

  /** The machine's calls read what is on screen now (the latest render), never a stale copy. */
  const latest = useRef({ article, body, scheduleAt, isNew });
  latest.current = { article, body, scheduleAt, isNew };
  // The article the calls work on: updated as soon as a save answers, before React renders again.
  const current = useRef<AdminArticle | null>(article);
  if (article && article !== current.current && (!current.current || article.version >= current.current.version)) current.current = article;
  const keep = useCallback(
    (fresh: AdminArticle, replaceDoc = false) => {
      current.current = fresh;
      adopt(fresh, replaceDoc);
    },
    [adopt],
  );

  useEffect(() => {
    if (isNew) return;
    let live = true;
    newsroom.article(Number(id)).then(
      (found) => {
        if (!live) return;
        keep(found, true);
        setLoaded(true);
      },
      (caught: unknown) =>
        live && setMessage({ text: caught instanceof NewsroomError ? caught.message : 'Article indisponible.', error: true }),
    );
    return () => {
      live = false;
    };
  }, [id, isNew, keep]);

  const machine = useMemo(
    () =>
      articleEditorMachine.provide({
        actors: {
          saveArticle: fromPromise(
            failing(async (input: { reason: 'manual' | 'auto' }) => {
              const saved = current.current;
              if (!saved) {
                const created = await newsroom.create(latest.current.body());
                keep(created);
                setMessage({ text: 'Brouillon créé.', error: false });
                await navigate({ to: '/admin/articles/$id', params: { id: String(created.id) }, replace: true });
                return;
              }
              keep(await newsroom.save(saved.id, { ...latest.current.body(), version: saved.version }));
              setMessage({ text: input.reason === 'auto' ? 'Brouillon enregistré automatiquement.' : 'Enregistré.', error: false });
            }),
          ),
          changeStatus: fromPromise(
            failing(async (input: { action: StatusAction }) => {
              const saved = current.current;
              if (!saved) return;
              const { action } = input;
              const scheduledAt = action === 'schedule' ? new Date(latest.current.scheduleAt).toISOString() : undefined;
              keep(await newsroom.changeStatus(saved.id, { action, version: saved.version, ...(scheduledAt ? { scheduledAt } : {}) }));
              const said = {
                schedule: 'Article programmé.',
                publish: 'Article publié.',
                unpublish: 'Article dépublié.',
                draft: 'Article repassé en brouillon.',
              };
              setMessage({ text: said[action], error: false });
            }),
          ),
          makePreviewLink: fromPromise(
            failing(async () => {
              const saved = current.current;
              if (saved) setPreview((await newsroom.previewLink(saved.id)).url);
            }),
          ),
          reloadArticle: fromPromise(
            failing(async () => {
              const saved = current.current;
              if (!saved) return;
              keep(await newsroom.article(saved.id), true);
              setMessage({ text: 'Article rechargé.', error: false });
            }),
          ),
        },
      }),
    [keep, navigate],
  );
  // Drafts and unpublished articles save themselves; a published one only when asked.
  const autosave = !isNew && (article?.status === 'draft' || article?.status === 'unpublished');
  const [editor, sendToEditor] = useMachine(machine, { input: { autosave } });
  useEffect(() => sendToEditor({ type: 'editor.autosaveChanged', autosave }), [autosave, sendToEditor]);
  const conflict = editor.context.conflict;
  // The machine's failures (a save refused, a publish refused) are said like the others.
  useEffect(() => {
    if (editor.context.error) setMessage({ text: editor.context.error, error: true });
  }, [editor.context.error]);

  const change = <K extends keyof Fields>(key: K, value: Fields[K]) => {
    setFields((f) => ({ ...f, [key]: value }));
    sendToEditor({ type: 'editor.edit' });
  };

  const onDoc = useCallback(
    (next: JSONContent) => {
      setDoc(next);
      sendToEditor({ type: 'editor.edit' });
    },
    [sendToEditor],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    sendToEditor({ type: 'editor.save' });
  };

  const act = (action: StatusAction) => sendToEditor({ type: 'editor.status', action });
  const reload = () => sendToEditor({ type: 'editor.reload' });
  const makePreview = () => sendToEditor({ type: 'editor.preview' });

  /** The alt text typed above goes with the image into the library. */
  const uploadImage = async (field: HTMLInputElement) => {
    const file = field.files?.[0];
    if (!file) return;
    if (fields.mainImage.alt.trim() === '') {
      setMessage({ text: "Écrivez d'abord le texte alternatif de l'image.", error: true });
      field.value = '';
      return;
    }
    setMessage({ text: 'Envoi de l’image…', error: false });
    try {
      // A focal point already set goes with the image into the library (the default when it is chosen again).
      const focal: FocalPoint = { focalX: fields.mainImage.focalX, focalY: fields.mainImage.focalY };
      const item = await newsroom.upload(file, fields.mainImage.alt, focal);
      change('mainImage', { url: item.url, alt: fields.mainImage.alt, width: item.width, height: item.height, ...focalOf(item) });
      setMessage({ text: 'Image ajoutée à la médiathèque.', error: false });
    } catch (caught) {
      fail(caught);
    }
  };

  const showRevisions = async () => {
    if (!article) return;
    setRevisions(await newsroom.revisions(article.id));
  };

  const restore = async (revision: Revision) => {
    if (!article) return;
    try {
      keep(await newsroom.restore(article.id, revision.id, article.version), true);
      setMessage({ text: `Version ${revision.version} restaurée.`, error: false });
      setRevisions(await newsroom.revisions(article.id));
    } catch (caught) {
      fail(caught);
    }
  };

  const formRef = useRef<HTMLFormElement>(null);
  const subtitleField = useRef<HTMLTextAreaElement>(null);
  const panelToggle = useRef<HTMLButtonElement>(null);
  const panelClose = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const panelTitleId = useId();
  const scheduleHintId = useId();
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

  /** Changes on screen that the server does not have yet (what leaving would lose). */
  const unsaved = editor.matches('dirty') || editor.matches('saveFailed') || editor.matches('conflict') || editor.context.editedWhileSaving;
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
  const stats = useMemo(() => statsLabel(wordCount(doc)), [doc]);
  const saveState = editor.matches('saving')
    ? 'Enregistrement…'
    : editor.matches('publishing') || editor.matches('previewing') || editor.matches('reloading')
      ? 'Un instant…'
      : unsaved
        ? 'Modifications non enregistrées'
        : !article
          ? 'Pas encore enregistré'
          : article.status === 'draft'
            ? `Brouillon enregistré à ${savedAt(article.updatedAt)}`
            : `${statusLabels[article.status]} · enregistré à ${savedAt(article.updatedAt)}`;

  if (!loaded) return <p>{message?.text ?? 'Chargement…'}</p>;

  const role = session?.staff.role;
  const mayPublish = role === 'editor' || role === 'admin' || (role === 'author' && article?.createdById === session?.staff.id);

  return (
    <>
      <LeaveGuard unsaved={unsaved} />
      {drawer ? <div aria-hidden="true" className="fixed inset-0 z-30 bg-encre/50" onClick={() => setPanelOpen(false)} /> : null}
      {/* noValidate: a required field may sit in the closed drawer; the server says what is missing, in French. */}
      <form ref={formRef} noValidate onSubmit={submit}>
        <div
          inert={drawer}
          className="sticky top-0 z-20 -mx-4 border-b-2 border-encre bg-white/95 px-4 py-2 backdrop-blur supports-[backdrop-filter]:bg-white/85"
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
                <button type="button" onClick={makePreview} aria-label="Créer un lien d’aperçu" className={barButton}>
                  Aperçu
                </button>
              ) : null}
              <button type="submit" aria-keyshortcuts="Control+S Meta+S" className={barButton}>
                {isNew ? 'Créer le brouillon' : 'Enregistrer'}
              </button>
              {article && mayPublish && article.status !== 'published' ? (
                <>
                  <button type="button" onClick={() => act('schedule')} aria-describedby={scheduleHintId} className={barButton}>
                    Programmer
                  </button>
                  <button
                    type="button"
                    onClick={() => act('publish')}
                    aria-label="Publier maintenant"
                    className="rounded border-2 border-piment-dark bg-piment-dark px-3 py-1 text-sm font-bold text-white"
                  >
                    Publier
                  </button>
                </>
              ) : null}
              {article && mayPublish && article.status === 'published' ? (
                <button type="button" onClick={() => act('unpublish')} className={barButton}>
                  Dépublier
                </button>
              ) : null}
            </div>
          </div>
        </div>
        <div aria-live="polite" inert={drawer} className="mx-auto mt-2 min-h-6 max-w-6xl">
          {message ? <p className={message.error ? 'font-bold text-piment-dark' : 'text-green-800'}>{message.text}</p> : null}
          {preview ? (
            <p>
              <a href={preview} target="_blank" rel="noopener" className="break-all underline">
                Ouvrir l’aperçu
              </a>{' '}
              <span className="text-sm">(lien valable 24 heures)</span>
            </p>
          ) : null}
        </div>
        {conflict ? (
          <div role="alert" inert={drawer} className="mx-auto mt-2 max-w-6xl rounded border-2 border-piment-dark bg-piment-light p-3">
            <p className="font-bold">{conflict}</p>
            <button type="button" onClick={reload} className="mt-2 rounded border-2 border-encre bg-white px-3 py-1 font-bold">
              Recharger l’article
            </button>
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
                <RichTextEditor key={docKey} initial={doc} onChange={onDoc} />
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
                    « Programmer » publiera l’article le{' '}
                    {Number.isNaN(new Date(scheduleAt).getTime())
                      ? '…'
                      : new Date(scheduleAt).toLocaleString('fr-FR', { dateStyle: 'long', timeStyle: 'short' })}
                    .
                  </span>
                </label>
              ) : null}
              {article && (article.status === 'scheduled' || article.status === 'unpublished') ? (
                <button type="button" onClick={() => act('draft')} className={`${barButton} justify-self-start`}>
                  Repasser en brouillon
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
              <label className="grid gap-1">
                <span className="text-sm font-bold">Téléverser une image (JPEG, PNG, WebP, AVIF)</span>
                <input
                  type="file"
                  accept="image/jpeg,image/png,image/webp,image/avif"
                  onChange={(e) => void uploadImage(e.currentTarget)}
                  className="text-sm"
                />
              </label>
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
      {article ? (
        <section inert={drawer} className="mx-auto mt-8 max-w-6xl" aria-labelledby="revisions-titre">
          <h2 id="revisions-titre" className="font-display text-2xl font-bold">
            Révisions
          </h2>
          <button type="button" onClick={showRevisions} className="mt-2 rounded border-2 border-encre px-3 py-1 font-bold">
            Afficher les révisions
          </button>
          {revisions ? <RevisionList revisions={revisions} currentVersion={article.version} onRestore={restore} /> : null}
        </section>
      ) : null}
    </>
  );
}
