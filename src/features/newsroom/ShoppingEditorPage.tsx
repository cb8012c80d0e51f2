/**
 * Writing a shopping item: its title, description, image (from the media library, with its alt text),
 * price in euros, merchant and link; then saving (the version the editor loaded: a 409 names who saved
 * first), publishing, scheduling or unpublishing, and the revisions with restore — the articles' workflow,
 * the item's fields.
 */
import { type FormEvent, useId, useState } from 'react';
import type { MediaItem, PageData } from '../../api/queries/newsroom.ts';
import { NewsroomError, newsroom } from '../../api/queries/newsroom.ts';
import { type AdminShoppingItem, newsroomShopping } from '../../api/queries/newsroomShopping.ts';
import { EditorialRevisions } from './EditorialRevisions.tsx';
import { useNewsroomSession } from './NewsroomShell.tsx';
import { statusLabels } from './newsroomLabels.ts';
import { localInputValue } from './popinFormModel.ts';
import { emptyShoppingForm, type ShoppingForm, shoppingFormOf, shoppingInputOf } from './shoppingFormModel.ts';

export interface ShoppingEditorLoaded {
  item: PageData<AdminShoppingItem> | null;
}

const fieldClass = 'rounded border-2 border-encre px-2 py-1';
const buttonClass = 'rounded border-2 border-encre px-3 py-1 font-bold';

export function ShoppingEditorPage({ loaded, onCreated }: { loaded: ShoppingEditorLoaded; onCreated: (id: number) => void }) {
  const { session } = useNewsroomSession();
  const [item, setItem] = useState<AdminShoppingItem | null>(loaded.item?.data ?? null);
  const [form, setForm] = useState<ShoppingForm>(() => (loaded.item?.data ? shoppingFormOf(loaded.item.data) : emptyShoppingForm()));
  const [message, setMessage] = useState<{ text: string; error: boolean; conflict?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [library, setLibrary] = useState<MediaItem[] | null>(null);
  const [scheduleAt, setScheduleAt] = useState(() => localInputValue(new Date(Date.now() + 3600_000)));
  const ids = { title: useId(), description: useId(), price: useId(), merchant: useId(), link: useId(), url: useId(), alt: useId() };
  const scheduleId = useId();
  const uploadId = useId();

  if (loaded.item?.error) {
    return (
      <p role="alert" className="font-bold text-piment-dark">
        {loaded.item.error}
      </p>
    );
  }

  const change = <K extends keyof ShoppingForm>(key: K, value: ShoppingForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const role = session?.staff.role;
  const mayPublish =
    item !== null && (role === 'editor' || role === 'admin' || (role === 'author' && item.createdById === session?.staff.id));

  const adopt = (fresh: AdminShoppingItem, text: string) => {
    setItem(fresh);
    setForm(shoppingFormOf(fresh));
    setMessage({ text, error: false });
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setMessage(null);
    try {
      await work();
    } catch (caught) {
      const known = caught instanceof NewsroomError;
      setMessage({
        text: known ? caught.message : 'L’opération a échoué : réessayez.',
        error: true,
        conflict: known && caught.status === 409,
      });
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const built = shoppingInputOf(form);
    if (!built.ok) {
      setMessage({ text: built.message, error: true });
      return;
    }
    void run(async () => {
      if (!item) {
        // The item's own address loads it afresh (the page starts over there).
        onCreated((await newsroomShopping.create(built.input)).id);
        return;
      }
      adopt(await newsroomShopping.save(item.id, { ...built.input, version: item.version }), 'Produit enregistré.');
    });
  };

  const act = (action: 'publish' | 'schedule' | 'unpublish' | 'draft') =>
    run(async () => {
      if (!item) return;
      const scheduledAt = action === 'schedule' ? new Date(scheduleAt).toISOString() : undefined;
      const done = {
        publish: 'Produit publié.',
        schedule: 'Produit programmé.',
        unpublish: 'Produit dépublié.',
        draft: 'Produit repassé en brouillon.',
      };
      adopt(await newsroomShopping.changeStatus(item.id, { action, version: item.version, scheduledAt }), done[action]);
    });

  const reload = () =>
    run(async () => {
      if (item) adopt(await newsroomShopping.get(item.id), 'Dernière version chargée.');
    });

  /** The alt text typed first goes with the image into the library. */
  const upload = (field: HTMLInputElement) => {
    const file = field.files?.[0];
    if (!file) return;
    if (form.image.alt.trim() === '') {
      setMessage({ text: "Écrivez d'abord le texte alternatif de l'image.", error: true });
      field.value = '';
      return;
    }
    void run(async () => {
      const media = await newsroom.upload(file, form.image.alt);
      change('image', { url: media.url, alt: form.image.alt, width: media.width, height: media.height });
      setMessage({ text: 'Image ajoutée à la médiathèque.', error: false });
    });
  };

  return (
    <section>
      <h1 className="font-display text-3xl font-bold">{item ? item.title : 'Nouveau produit'}</h1>
      {item ? (
        <p className="mt-1 text-sm">
          {statusLabels[item.status]} · version {item.version} · place {item.position}
          {item.updatedByName ? ` · modifié par ${item.updatedByName}` : ''}
        </p>
      ) : null}
      <form onSubmit={submit} className="mt-4 grid gap-4 lg:grid-cols-[2fr_1fr]" noValidate>
        <div className="grid content-start gap-4">
          <div className="grid gap-1">
            <label htmlFor={ids.title} className="text-sm font-bold">
              Titre
            </label>
            <input
              id={ids.title}
              value={form.title}
              onChange={(e) => change('title', e.target.value)}
              maxLength={160}
              className={fieldClass}
            />
          </div>
          <div className="grid gap-1">
            <label htmlFor={ids.description} className="text-sm font-bold">
              Description
            </label>
            <textarea
              id={ids.description}
              value={form.description}
              onChange={(e) => change('description', e.target.value)}
              maxLength={1000}
              rows={3}
              className={fieldClass}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1">
              <label htmlFor={ids.price} className="text-sm font-bold">
                Prix (€)
              </label>
              <input
                id={ids.price}
                inputMode="decimal"
                value={form.price}
                onChange={(e) => change('price', e.target.value)}
                placeholder="49,90"
                className={fieldClass}
              />
            </div>
            <div className="grid gap-1">
              <label htmlFor={ids.merchant} className="text-sm font-bold">
                Marchand
              </label>
              <input
                id={ids.merchant}
                value={form.merchant}
                onChange={(e) => change('merchant', e.target.value)}
                maxLength={80}
                className={fieldClass}
              />
            </div>
          </div>
          <div className="grid gap-1">
            <label htmlFor={ids.link} className="text-sm font-bold">
              Lien du produit chez le marchand (https://)
            </label>
            <input id={ids.link} type="url" value={form.link} onChange={(e) => change('link', e.target.value)} className={fieldClass} />
          </div>
          <fieldset className="grid gap-2 rounded border-2 border-encre/30 p-3">
            <legend className="px-1 font-bold">Image</legend>
            <div className="grid gap-1">
              <label htmlFor={ids.url} className="text-sm font-bold">
                Adresse de l'image
              </label>
              <input
                id={ids.url}
                value={form.image.url}
                onChange={(e) => change('image', { ...form.image, url: e.target.value })}
                className={fieldClass}
              />
            </div>
            <div className="grid gap-1">
              <label htmlFor={ids.alt} className="text-sm font-bold">
                Texte alternatif de l'image (obligatoire)
              </label>
              <input
                id={ids.alt}
                required
                value={form.image.alt}
                onChange={(e) => change('image', { ...form.image, alt: e.target.value })}
                className={fieldClass}
              />
            </div>
            <div className="grid gap-1">
              <label htmlFor={uploadId} className="text-sm font-bold">
                Téléverser une image (JPEG, PNG, WebP, AVIF)
              </label>
              <input
                id={uploadId}
                type="file"
                accept="image/jpeg,image/png,image/webp,image/avif"
                onChange={(e) => upload(e.currentTarget)}
                className="text-sm"
              />
            </div>
            <button
              type="button"
              onClick={() =>
                run(async () => {
                  setLibrary(await newsroom.media());
                })
              }
              className="justify-self-start rounded border-2 border-encre px-2 py-1 text-sm font-bold"
            >
              Choisir dans la médiathèque
            </button>
            {library ? (
              <ul aria-label="Médiathèque" className="grid grid-cols-3 gap-2">
                {library.length === 0 ? <li className="col-span-3 text-sm">La médiathèque est vide.</li> : null}
                {library.map((media) => (
                  <li key={media.id}>
                    <button
                      type="button"
                      onClick={() => {
                        change('image', { url: media.url, alt: media.alt, width: media.width, height: media.height });
                        setLibrary(null);
                      }}
                      className="block w-full rounded border-2 border-transparent focus-visible:border-encre"
                    >
                      <img
                        src={media.variants.find((v) => v.format === 'webp')?.url ?? media.url}
                        alt={media.alt}
                        className="aspect-[4/5] w-full rounded object-cover"
                      />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </fieldset>
        </div>
        <div className="grid content-start gap-4">
          <div aria-live="polite" className="min-h-6">
            {message ? (
              <div role={message.error ? 'alert' : 'status'} className={message.error ? 'font-bold text-piment-dark' : 'font-bold'}>
                <p>{message.text}</p>
                {message.conflict ? (
                  <button type="button" onClick={reload} className={`${buttonClass} mt-2`}>
                    Recharger la dernière version
                  </button>
                ) : null}
              </div>
            ) : null}
          </div>
          <button type="submit" disabled={busy} className="rounded bg-encre px-4 py-2 font-bold text-white disabled:opacity-50">
            {item ? 'Enregistrer' : 'Créer le brouillon'}
          </button>
          {item ? (
            <div className="grid gap-3 rounded border-2 border-encre/30 p-3">
              {mayPublish && item.status !== 'published' ? (
                <>
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => act('publish')}
                    className="rounded bg-piment-dark px-3 py-1 font-bold text-white"
                  >
                    Publier maintenant
                  </button>
                  <label htmlFor={scheduleId} className="text-sm font-bold">
                    Date et heure de publication
                  </label>
                  <input
                    id={scheduleId}
                    type="datetime-local"
                    value={scheduleAt}
                    onChange={(e) => setScheduleAt(e.target.value)}
                    className={fieldClass}
                  />
                  <button type="button" disabled={busy} onClick={() => act('schedule')} className={buttonClass}>
                    Programmer
                  </button>
                </>
              ) : null}
              {mayPublish && item.status === 'published' ? (
                <button type="button" disabled={busy} onClick={() => act('unpublish')} className={buttonClass}>
                  Dépublier
                </button>
              ) : null}
              {item.status === 'scheduled' || item.status === 'unpublished' ? (
                <button type="button" disabled={busy} onClick={() => act('draft')} className={buttonClass}>
                  Repasser en brouillon
                </button>
              ) : null}
              {!mayPublish ? <p className="text-sm">Un éditeur ou une éditrice publiera ce produit.</p> : null}
            </div>
          ) : null}
        </div>
      </form>
      {item ? (
        <EditorialRevisions
          headingId="revisions-produit"
          version={item.version}
          run={run}
          load={() => newsroomShopping.revisions(item.id)}
          restore={async (revision) =>
            adopt(await newsroomShopping.restore(item.id, revision.id, item.version), `Version ${revision.version} restaurée.`)
          }
        />
      ) : null}
    </section>
  );
}
