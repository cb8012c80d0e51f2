/**
 * Writing an article: its fields, the rich-text body (Tiptap, lazy), autosave of drafts, preview link,
 * workflow buttons and revisions. Saves send the version loaded; a 409 says who saved since and nothing is
 * overwritten (the person reloads, then saves again).
 */
import type { JSONContent } from '@tiptap/core';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { appConfig } from '../../../app.config.ts';
import { type AdminArticle, type AdminAuthor, type AdminCategory, type ArticleDraftInput, newsroom, NewsroomError, type MediaItem, type Revision } from '../../api/queries/newsroom.ts';
import { statusLabels } from './newsroomLabels.ts';
import { type FocalPoint, FocalPointPicker } from './FocalPointPicker.tsx';
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

const input = 'rounded border-2 border-encre px-2 py-1';

export function ArticleEditorPage({ id }: { id: string }) {
  const isNew = id === 'nouveau';
  const navigate = useNavigate();
  const { session } = useNewsroomSession();
  const [article, setArticle] = useState<AdminArticle | null>(null);
  const [fields, setFields] = useState<Fields>(emptyFields);
  const [doc, setDoc] = useState<JSONContent>({ type: 'doc', content: [{ type: 'paragraph' }] });
  const [loaded, setLoaded] = useState(isNew);
  const [dirty, setDirty] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [categories, setCategories] = useState<AdminCategory[]>([]);
  const [authors, setAuthors] = useState<AdminAuthor[]>([]);
  const [preview, setPreview] = useState<string | null>(null);
  const [scheduleAt, setScheduleAt] = useState(() => localInputValue(new Date(Date.now() + 3600_000)));
  const [revisions, setRevisions] = useState<Revision[] | null>(null);
  const saving = useRef(false);

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
    setDirty(false);
    setConflict(null);
  }, []);

  useEffect(() => {
    void newsroom.categories().then((list) => {
      setCategories(list);
      setFields((f) => (f.categorySlug ? f : { ...f, categorySlug: list[0]?.slug ?? '' }));
    });
    void newsroom.authors().then(setAuthors);
  }, []);

  useEffect(() => {
    if (isNew) return;
    let live = true;
    newsroom.article(Number(id)).then(
      (found) => {
        if (!live) return;
        adopt(found, true);
        setLoaded(true);
      },
      (caught: unknown) => live && setMessage({ text: caught instanceof NewsroomError ? caught.message : 'Article indisponible.', error: true }),
    );
    return () => {
      live = false;
    };
  }, [id, isNew, adopt]);

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

  const fail = useCallback((caught: unknown) => {
    if (caught instanceof NewsroomError && caught.status === 409 && (caught.body as { currentVersion?: number })?.currentVersion) {
      setConflict(caught.message);
      return;
    }
    setMessage({ text: caught instanceof NewsroomError ? caught.message : "L'enregistrement a échoué.", error: true });
  }, []);

  const save = useCallback(
    async (why: 'manual' | 'auto') => {
      if (saving.current) return;
      saving.current = true;
      try {
        if (isNew || !article) {
          const created = await newsroom.create(body());
          adopt(created);
          setMessage({ text: 'Brouillon créé.', error: false });
          await navigate({ to: '/admin/articles/$id', params: { id: String(created.id) }, replace: true });
        } else {
          const saved = await newsroom.save(article.id, { ...body(), version: article.version });
          adopt(saved);
          setMessage({ text: why === 'auto' ? 'Brouillon enregistré automatiquement.' : 'Enregistré.', error: false });
        }
      } catch (caught) {
        fail(caught);
      } finally {
        saving.current = false;
      }
    },
    [isNew, article, body, adopt, navigate, fail],
  );

  // Autosave: a draft saves itself a moment after the last change (never a published article: that is a
  // deliberate act), and not while a conflict waits for a reload.
  useEffect(() => {
    if (!dirty || !article || conflict) return;
    if (article.status !== 'draft' && article.status !== 'unpublished') return;
    const timer = setTimeout(() => void save('auto'), appConfig.newsroom.autosaveMs);
    return () => clearTimeout(timer);
  }, [dirty, article, conflict, save]);

  const change = <K extends keyof Fields>(key: K, value: Fields[K]) => {
    setFields((f) => ({ ...f, [key]: value }));
    setDirty(true);
  };

  const onDoc = useCallback((next: JSONContent) => {
    setDoc(next);
    setDirty(true);
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save('manual');
  };

  const act = async (action: 'schedule' | 'publish' | 'unpublish' | 'draft') => {
    if (!article) return;
    let version = article.version;
    try {
      if (dirty) {
        // The text on screen is what gets published.
        const saved = await newsroom.save(article.id, { ...body(), version: article.version });
        adopt(saved);
        version = saved.version;
      }
      const scheduledAt = action === 'schedule' ? new Date(scheduleAt).toISOString() : undefined;
      const fresh = await newsroom.changeStatus(article.id, { action, version, ...(scheduledAt ? { scheduledAt } : {}) });
      adopt(fresh);
      const said = { schedule: 'Article programmé.', publish: 'Article publié.', unpublish: 'Article dépublié.', draft: 'Article repassé en brouillon.' };
      setMessage({ text: said[action], error: false });
    } catch (caught) {
      fail(caught);
    }
  };

  const reload = async () => {
    if (!article) return;
    adopt(await newsroom.article(article.id), true);
    setMessage({ text: 'Article rechargé.', error: false });
  };

  const makePreview = async () => {
    if (!article) return;
    try {
      if (dirty) await save('manual');
      setPreview((await newsroom.previewLink(article.id)).url);
    } catch (caught) {
      fail(caught);
    }
  };

  const [library, setLibrary] = useState<MediaItem[] | null>(null);
  const openLibrary = async () => {
    try {
      setLibrary(await newsroom.media());
    } catch (caught) {
      fail(caught);
    }
  };

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
      adopt(await newsroom.restore(article.id, revision.id, article.version), true);
      setMessage({ text: `Version ${revision.version} restaurée.`, error: false });
      setRevisions(await newsroom.revisions(article.id));
    } catch (caught) {
      fail(caught);
    }
  };

  if (!loaded) return <p>{message?.text ?? 'Chargement…'}</p>;

  const role = session?.staff.role;
  const mayPublish = role === 'editor' || role === 'admin' || (role === 'author' && article?.createdById === session?.staff.id);

  return (
    <section>
      <h1 className="font-display text-3xl font-bold">{isNew ? 'Nouvel article' : 'Modifier l’article'}</h1>
      {article ? (
        <p className="mt-1 text-sm">
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
      <div aria-live="polite" className="mt-3 min-h-6">
        {message ? <p className={message.error ? 'font-bold text-piment-dark' : 'text-green-800'}>{message.text}</p> : null}
      </div>
      {conflict ? (
        <div role="alert" className="mt-2 rounded border-2 border-piment-dark bg-piment-light p-3">
          <p className="font-bold">{conflict}</p>
          <button type="button" onClick={reload} className="mt-2 rounded border-2 border-encre bg-white px-3 py-1 font-bold">
            Recharger l’article
          </button>
        </div>
      ) : null}
      <form onSubmit={submit} className="mt-4 grid gap-4 lg:grid-cols-3">
        <div className="grid gap-4 lg:col-span-2">
          <label className="grid gap-1">
            <span className="font-bold">Titre</span>
            <input required value={fields.title} onChange={(e) => change('title', e.target.value)} className={`${input} text-xl`} />
          </label>
          <label className="grid gap-1">
            <span className="font-bold">Chapô</span>
            <textarea rows={2} value={fields.subtitle} onChange={(e) => change('subtitle', e.target.value)} className={input} />
          </label>
          <div className="grid gap-1">
            <span className="font-bold" id="texte-label">
              Texte
            </span>
            <Suspense fallback={<p>Chargement de l'éditeur…</p>}>
              <RichTextEditor key={docKey} initial={doc} onChange={onDoc} />
            </Suspense>
          </div>
        </div>
        <div className="grid content-start gap-4">
          <label className="grid gap-1">
            <span className="font-bold">Adresse (slug)</span>
            <input
              value={fields.slug}
              onChange={(e) => change('slug', e.target.value)}
              placeholder="générée depuis le titre"
              pattern="[a-z0-9]+(?:-[a-z0-9]+)*"
              className={input}
            />
          </label>
          <label className="grid gap-1">
            <span className="font-bold">Rubrique</span>
            <select value={fields.categorySlug} onChange={(e) => change('categorySlug', e.target.value)} className={input}>
              {categories.map((c) => (
                <option key={c.id} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1">
            <span className="font-bold">Signature</span>
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
            <span className="font-bold">Tampon</span>
            <select value={fields.stamp} onChange={(e) => change('stamp', e.target.value)} className={input}>
              <option value="">Aucun</option>
              {STAMPS.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="grid gap-2 rounded border-2 border-encre/30 p-3">
            <legend className="px-1 font-bold">Image principale</legend>
            <label className="grid gap-1">
              <span className="text-sm font-bold">Adresse de l'image</span>
              <input value={fields.mainImage.url} onChange={(e) => change('mainImage', { ...fields.mainImage, url: e.target.value })} className={input} />
            </label>
            <label className="grid gap-1">
              <span className="text-sm font-bold">Texte alternatif (obligatoire)</span>
              <input required value={fields.mainImage.alt} onChange={(e) => change('mainImage', { ...fields.mainImage, alt: e.target.value })} className={input} />
            </label>
            <label className="grid gap-1">
              <span className="text-sm font-bold">Téléverser une image (JPEG, PNG, WebP, AVIF)</span>
              <input type="file" accept="image/jpeg,image/png,image/webp,image/avif" onChange={(e) => void uploadImage(e.currentTarget)} className="text-sm" />
            </label>
            <button type="button" onClick={() => void openLibrary()} className="justify-self-start rounded border-2 border-encre px-2 py-1 text-sm font-bold">
              Choisir dans la médiathèque
            </button>
            {library ? (
              <ul aria-label="Médiathèque" className="grid grid-cols-3 gap-2">
                {library.length === 0 ? <li className="col-span-3 text-sm">La médiathèque est vide.</li> : null}
                {library.map((item) => (
                  <li key={item.id}>
                    <button
                      type="button"
                      onClick={() => {
                        change('mainImage', { url: item.url, alt: item.alt, width: item.width, height: item.height, ...focalOf(item) });
                        setLibrary(null);
                      }}
                      className="block w-full rounded border-2 border-transparent focus-visible:border-encre"
                    >
                      <img src={item.variants.find((v) => v.format === 'webp')?.url ?? item.url} alt={item.alt} className="aspect-[3/2] w-full rounded object-cover" />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
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
              <textarea rows={2} value={fields.seoDescription ?? ''} onChange={(e) => change('seoDescription', e.target.value)} className={input} />
            </label>
            <label className="grid gap-1">
              <span className="text-sm font-bold">Image de partage (OG)</span>
              <input value={fields.ogImage ?? ''} onChange={(e) => change('ogImage', e.target.value || null)} className={input} />
            </label>
          </fieldset>
          <button type="submit" className="rounded bg-encre px-4 py-2 font-bold text-white">
            {isNew ? 'Créer le brouillon' : 'Enregistrer'}
          </button>
          {article ? (
            <div className="grid gap-3 rounded border-2 border-encre/30 p-3">
              <button type="button" onClick={makePreview} className="rounded border-2 border-encre px-3 py-1 font-bold">
                Créer un lien d’aperçu
              </button>
              {preview ? (
                <a href={preview} target="_blank" rel="noopener" className="break-all underline">
                  Ouvrir l’aperçu
                </a>
              ) : null}
              {mayPublish && article.status !== 'published' ? (
                <>
                  <button type="button" onClick={() => act('publish')} className="rounded bg-piment-dark px-3 py-1 font-bold text-white">
                    Publier maintenant
                  </button>
                  <label className="grid gap-1">
                    <span className="text-sm font-bold">Date et heure de publication</span>
                    <input type="datetime-local" value={scheduleAt} onChange={(e) => setScheduleAt(e.target.value)} className={input} />
                  </label>
                  <button type="button" onClick={() => act('schedule')} className="rounded border-2 border-encre px-3 py-1 font-bold">
                    Programmer
                  </button>
                </>
              ) : null}
              {mayPublish && article.status === 'published' ? (
                <button type="button" onClick={() => act('unpublish')} className="rounded border-2 border-encre px-3 py-1 font-bold">
                  Dépublier
                </button>
              ) : null}
              {article.status === 'scheduled' || article.status === 'unpublished' ? (
                <button type="button" onClick={() => act('draft')} className="rounded border-2 border-encre px-3 py-1 font-bold">
                  Repasser en brouillon
                </button>
              ) : null}
              {!mayPublish ? <p className="text-sm">Un éditeur ou une éditrice publiera cet article.</p> : null}
            </div>
          ) : null}
        </div>
      </form>
      {article ? (
        <section className="mt-8" aria-labelledby="revisions-titre">
          <h2 id="revisions-titre" className="font-display text-2xl font-bold">
            Révisions
          </h2>
          <button type="button" onClick={showRevisions} className="mt-2 rounded border-2 border-encre px-3 py-1 font-bold">
            Afficher les révisions
          </button>
          {revisions ? (
            <ol className="mt-3 grid gap-3">
              {revisions.map((revision) => (
                <li key={revision.id} className="rounded border border-encre/30 p-3">
                  <p>
                    <strong>Version {revision.version}</strong> — {new Date(revision.createdAt).toLocaleString('fr-FR', { timeZone: 'Europe/Paris' })}
                    {revision.staffName ? `, par ${revision.staffName}` : ''}
                  </p>
                  {revision.changes.length > 0 ? (
                    <dl className="mt-2 grid gap-1 text-sm">
                      {revision.changes.map((c) => (
                        <div key={c.field}>
                          <dt className="font-bold">{c.field}</dt>
                          <dd>
                            <del className="bg-piment-light">{c.before || '∅'}</del> → <ins className="bg-green-100 no-underline">{c.after || '∅'}</ins>
                          </dd>
                        </div>
                      ))}
                    </dl>
                  ) : null}
                  {revision.version !== article.version ? (
                    <button type="button" onClick={() => restore(revision)} className="mt-2 rounded border-2 border-encre px-2 py-1 text-sm font-bold">
                      Restaurer la version {revision.version}
                    </button>
                  ) : null}
                </li>
              ))}
            </ol>
          ) : null}
        </section>
      ) : null}
    </section>
  );
}
