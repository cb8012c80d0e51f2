/**
 * Writing a repartee generator: its title, address, introduction and image, its replies; then saving (the
 * version the editor loaded: a 409 names who saved first), publishing, scheduling or unpublishing, and the
 * revisions with restore — the articles' workflow, the generator's fields.
 */
import type { PageData } from '../../api/queries/newsroom.ts';
import { generatorDeclaration } from '../../formats/generatorFormat.ts';
import { type AdminGenerator, newsroomGenerators } from '../../api/queries/newsroomGenerators.ts';
import { FieldRow } from './FieldRow.tsx';
import { FormatEditorFrame } from './FormatEditorFrame.tsx';
import { GeneratorRepliesField } from './GeneratorRepliesField.tsx';
import { emptyForm, formOf, inputOf } from './generatorFormModel.ts';
import { LibraryImageFields } from './LibraryImageFields.tsx';
import { always, doneSentences, useFormatEditor } from './useFormatEditor.ts';

export function GeneratorEditorPage({ loaded, onCreated }: { loaded: PageData<AdminGenerator> | null; onCreated: (id: number) => void }) {
  const editor = useFormatEditor({
    loaded: loaded?.data ?? null,
    api: newsroomGenerators,
    emptyForm,
    formOf,
    inputOf: always(inputOf),
    onCreated,
    done: doneSentences(generatorDeclaration),
  });
  const { item: generator, form, change, run, say } = editor;

  return (
    <FormatEditorFrame
      editor={editor}
      format={generatorDeclaration}
      loadError={loaded?.error}
      title={generator?.title}
      publicLink={generator && { slug: generator.slug, label: 'Voir la page publique' }}
      aside={
        <>
          <FieldRow
            label="Adresse"
            maxLength={120}
            value={form.slug}
            onChange={(v) => change('slug', v)}
            help="/generateur-de-repartie/… ; vide : tirée du titre. Changer celle d’un générateur publié redirige l’ancienne."
          />
          <LibraryImageFields image={form.image} onChange={(image) => change('image', image)} run={run} say={say} aspect="aspect-[3/2]" />
        </>
      }
    >
      <FieldRow label="Titre (la situation)" maxLength={200} value={form.title} onChange={(v) => change('title', v)} />
      <FieldRow label="Introduction" rows={3} maxLength={400} value={form.description} onChange={(v) => change('description', v)} />
      <GeneratorRepliesField
        replies={form.replies}
        onChange={(replies) => change('replies', replies)}
        shareBase={generator ? generator.fullUrl : null}
      />
    </FormatEditorFrame>
  );
}
