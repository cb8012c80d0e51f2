/**
 * Writing a mosaic: title, address, description, cover and images (each from the media library with its alt
 * text, a caption and a credit, in the readers' order); then saving (the version the editor loaded: a 409
 * names who saved first), publishing, scheduling or unpublishing, and the revisions with restore — the
 * articles' workflow, the mosaic's fields.
 */
import type { PageData } from '../../api/queries/newsroom.ts';
import { mosaicDeclaration } from '../../formats/mosaicFormat.ts';
import { type AdminMosaic, type MosaicDraftInput, newsroomMosaics } from '../../api/queries/newsroomMosaics.ts';
import { FieldRow } from './FieldRow.tsx';
import { FormatEditorFrame } from './FormatEditorFrame.tsx';
import { LibraryImageFields } from './LibraryImageFields.tsx';
import { moved } from './listOrder.ts';
import { MoveButtons } from './MoveButtons.tsx';
import { always, doneSentences, useFormatEditor } from './useFormatEditor.ts';

export interface MosaicEditorLoaded {
  mosaic: PageData<AdminMosaic> | null;
}

type MosaicForm = Omit<MosaicDraftInput, 'slug'> & { slug: string };
type Entry = MosaicForm['images'][number];

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

type Editor = ReturnType<typeof useFormatEditor<AdminMosaic, MosaicForm, MosaicDraftInput>>;

function EntryFields({ editor, index }: { editor: Editor; index: number }) {
  const { form, change, run, say } = editor;
  const entry = form.images[index] ?? emptyEntry();
  const n = index + 1;
  const set = (next: Partial<Entry>) =>
    change(
      'images',
      form.images.map((e, i) => (i === index ? { ...entry, ...next } : e)),
    );
  return (
    <li className="grid gap-2 rounded border-2 border-encre/20 p-3">
      <LibraryImageFields
        legend={`Image ${n}`}
        image={entry.image}
        onChange={(image) => set({ image })}
        run={run}
        say={say}
        aspect="aspect-[4/5]"
      />
      <FieldRow label={`Légende de l'image ${n}`} maxLength={500} value={entry.caption} onChange={(caption) => set({ caption })} />
      <FieldRow label={`Crédit de l'image ${n}`} maxLength={200} value={entry.credit} onChange={(credit) => set({ credit })} />
      <MoveButtons
        what={`l'image ${n}`}
        index={index}
        count={form.images.length}
        keepOne
        onMove={(by) => change('images', moved(form.images, index, by))}
        onRemove={() =>
          change(
            'images',
            form.images.filter((_, i) => i !== index),
          )
        }
      />
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
  const { item: mosaic, form, change, run, say } = editor;

  return (
    <FormatEditorFrame
      editor={editor}
      format={mosaicDeclaration}
      loadError={loaded.mosaic?.error}
      title={mosaic?.title}
      publicLink={mosaic && { slug: mosaic.url, label: 'Voir la mosaïque' }}
    >
      <FieldRow label="Titre" maxLength={200} value={form.title} onChange={(v) => change('title', v)} />
      <FieldRow label="Adresse (facultative : tirée du titre)" maxLength={200} value={form.slug} onChange={(v) => change('slug', v)} />
      <FieldRow label="Description" maxLength={2000} rows={3} value={form.description} onChange={(v) => change('description', v)} />
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
        {form.images.map((_, index) => (
          // Positions are the identity here: an image has no id of its own.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <EntryFields key={index} editor={editor} index={index} />
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
    </FormatEditorFrame>
  );
}
