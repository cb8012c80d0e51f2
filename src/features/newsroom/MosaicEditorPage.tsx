/**
 * Writing a mosaic: title, address, description, cover and images (each from the media library with its alt
 * text, a caption and a credit, in the readers' order); then saving (the version the editor loaded: a 409
 * names who saved first), publishing, scheduling or unpublishing, and the revisions with restore — the
 * articles' workflow, the mosaic's fields.
 */
import { useId } from 'react';
import type { PageData } from '../../api/queries/newsroom.ts';
import { mosaicDeclaration } from '../../formats/mosaicFormat.ts';
import { type AdminMosaic, type MosaicDraftInput, newsroomMosaics } from '../../api/queries/newsroomMosaics.ts';
import { EditorialRevisions } from './EditorialRevisions.tsx';
import { EditorSidebar } from './EditorSidebar.tsx';
import { LibraryImageFields } from './LibraryImageFields.tsx';
import { statusLabels } from './newsroomLabels.ts';
import { always, doneSentences, useFormatEditor } from './useFormatEditor.ts';

export interface MosaicEditorLoaded {
  mosaic: PageData<AdminMosaic> | null;
}

type MosaicForm = Omit<MosaicDraftInput, 'slug'> & { slug: string };
type Entry = MosaicForm['images'][number];

const fieldClass = 'rounded border-2 border-encre px-2 py-1';
const blankImage = () => ({ url: '/media/svg/mosaic/nouvelle-image.svg', alt: '', width: 1200, height: 1500 });
const emptyEntry = (): Entry => ({ image: blankImage(), caption: '', credit: '' });
const emptyForm = (): MosaicForm => ({ title: '', slug: '', description: '', cover: blankImage(), images: [emptyEntry()] });
const formOf = (m: AdminMosaic): MosaicForm => ({
  title: m.title,
  slug: m.url,
  description: m.description,
  cover: m.cover,
  images: m.images,
});

function EntryFields(props: {
  entry: Entry;
  n: number;
  count: number;
  onChange: (entry: Entry) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  run: (work: () => Promise<void>) => Promise<void>;
  say: (text: string, error: boolean) => void;
}) {
  const { entry, n } = props;
  const ids = { caption: useId(), credit: useId() };
  return (
    <li className="grid gap-2 rounded border-2 border-encre/20 p-3">
      <LibraryImageFields
        legend={`Image ${n}`}
        image={entry.image}
        onChange={(image) => props.onChange({ ...entry, image })}
        run={props.run}
        say={props.say}
        aspect="aspect-[4/5]"
      />
      <div className="grid gap-1">
        <label htmlFor={ids.caption} className="text-sm font-bold">
          Légende de l'image {n}
        </label>
        <input
          id={ids.caption}
          value={entry.caption}
          maxLength={500}
          onChange={(e) => props.onChange({ ...entry, caption: e.target.value })}
          className={fieldClass}
        />
      </div>
      <div className="grid gap-1">
        <label htmlFor={ids.credit} className="text-sm font-bold">
          Crédit de l'image {n}
        </label>
        <input
          id={ids.credit}
          value={entry.credit}
          maxLength={200}
          onChange={(e) => props.onChange({ ...entry, credit: e.target.value })}
          className={fieldClass}
        />
      </div>
      <div className="flex flex-wrap gap-2 text-sm">
        <button
          type="button"
          disabled={n === 1}
          onClick={() => props.onMove(-1)}
          className="rounded border-2 border-encre px-2 disabled:opacity-50"
        >
          Monter l'image {n}
        </button>
        <button
          type="button"
          disabled={n === props.count}
          onClick={() => props.onMove(1)}
          className="rounded border-2 border-encre px-2 disabled:opacity-50"
        >
          Descendre l'image {n}
        </button>
        <button
          type="button"
          disabled={props.count === 1}
          onClick={props.onRemove}
          className="rounded border-2 border-encre px-2 disabled:opacity-50"
        >
          Retirer l'image {n}
        </button>
      </div>
    </li>
  );
}

export function MosaicEditorPage({ loaded, onCreated }: { loaded: MosaicEditorLoaded; onCreated: (id: number) => void }) {
  const editor = useFormatEditor({
    loaded: loaded.mosaic?.data ?? null,
    api: newsroomMosaics,
    emptyForm,
    formOf,
    inputOf: always((form: MosaicForm): MosaicDraftInput => {
      const slug = form.slug.trim();
      return { ...form, slug: slug === '' ? undefined : slug };
    }),
    onCreated,
    done: doneSentences(mosaicDeclaration),
  });
  const { item: mosaic, form, change, run, say, submit, revisions } = editor;
  const ids = { title: useId(), slug: useId(), description: useId() };

  if (loaded.mosaic?.error) {
    return (
      <p role="alert" className="font-bold text-piment-dark">
        {loaded.mosaic.error}
      </p>
    );
  }

  const setEntry = (index: number, entry: Entry) =>
    change(
      'images',
      form.images.map((e, i) => (i === index ? entry : e)),
    );
  const move = (index: number, by: -1 | 1) => {
    const images = [...form.images];
    const [entry] = images.splice(index, 1);
    if (entry) images.splice(index + by, 0, entry);
    change('images', images);
  };

  return (
    <section>
      <h1 className="font-display text-3xl font-bold">{mosaic ? mosaic.title : 'Nouvelle mosaïque'}</h1>
      {mosaic ? (
        <p className="mt-1 text-sm">
          {statusLabels[mosaic.status]} · version {mosaic.version}
          {mosaic.updatedByName ? ` · modifiée par ${mosaic.updatedByName}` : ''}
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
              maxLength={200}
              onChange={(e) => change('title', e.target.value)}
              className={fieldClass}
            />
          </div>
          <div className="grid gap-1">
            <label htmlFor={ids.slug} className="text-sm font-bold">
              Adresse (facultative : tirée du titre)
            </label>
            <input
              id={ids.slug}
              value={form.slug}
              maxLength={200}
              onChange={(e) => change('slug', e.target.value)}
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
              maxLength={2000}
              rows={3}
              onChange={(e) => change('description', e.target.value)}
              className={fieldClass}
            />
          </div>
          <LibraryImageFields
            legend="Couverture"
            image={form.cover}
            onChange={(cover) => change('cover', cover)}
            run={run}
            say={say}
            aspect="aspect-[3/2]"
          />
          <h2 className="font-display text-xl font-bold">Images de la mosaïque</h2>
          <ol className="grid gap-4">
            {form.images.map((entry, index) => (
              <EntryFields
                // Positions are the identity here: an image has no id of its own.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={index}
                entry={entry}
                n={index + 1}
                count={form.images.length}
                onChange={(next) => setEntry(index, next)}
                onMove={(by) => move(index, by)}
                onRemove={() =>
                  change(
                    'images',
                    form.images.filter((_, i) => i !== index),
                  )
                }
                run={run}
                say={say}
              />
            ))}
          </ol>
          <button
            type="button"
            disabled={form.images.length >= 60}
            onClick={() => change('images', [...form.images, emptyEntry()])}
            className="justify-self-start rounded border-2 border-encre px-3 py-1 font-bold disabled:opacity-50"
          >
            Ajouter une image
          </button>
        </div>
        <div className="grid content-start gap-4">
          <EditorSidebar
            editor={editor}
            format={mosaicDeclaration}
            publicLink={mosaic && { slug: mosaic.url, label: 'Voir la mosaïque' }}
          />
        </div>
      </form>
      {revisions ? <EditorialRevisions {...revisions} /> : null}
    </section>
  );
}
