/**
 * Writing a repartee generator: its title, address, introduction and image, its replies; then saving (the
 * version the editor loaded: a 409 names who saved first), publishing, scheduling or unpublishing, and the
 * revisions with restore — the articles' workflow, the generator's fields.
 */
import { useId } from 'react';
import type { PageData } from '../../api/queries/newsroom.ts';
import { generatorDeclaration } from '../../formats/generatorFormat.ts';
import { type AdminGenerator, newsroomGenerators } from '../../api/queries/newsroomGenerators.ts';
import { EditorialRevisions } from './EditorialRevisions.tsx';
import { EditorSidebar } from './EditorSidebar.tsx';
import { GeneratorRepliesField } from './GeneratorRepliesField.tsx';
import { MediaPickerButton } from './MediaPickerDialog.tsx';
import { emptyForm, formOf, inputOf } from './generatorFormModel.ts';
import { statusLabels } from './newsroomLabels.ts';
import { always, doneSentences, useFormatEditor } from './useFormatEditor.ts';

const fieldClass = 'rounded border-2 border-encre px-2 py-1';

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
  const { item: generator, form, change, submit, revisions } = editor;
  const ids = { title: useId(), slug: useId(), description: useId(), url: useId(), alt: useId() };

  if (loaded?.error) {
    return (
      <p role="alert" className="font-bold text-piment-dark">
        {loaded.error}
      </p>
    );
  }

  return (
    <section>
      <h1 className="font-display text-3xl font-bold">{generator ? generator.title : 'Nouveau générateur de répartie'}</h1>
      {generator ? (
        <p className="mt-1 text-sm">
          {statusLabels[generator.status]} · version {generator.version}
          {generator.updatedByName ? ` · modifié par ${generator.updatedByName}` : ''}
          {generator.status === 'published' ? (
            <>
              {' · '}
              <a href={generator.fullUrl} className="underline">
                Voir la page publique
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      <form onSubmit={submit} className="mt-4 grid gap-4 lg:grid-cols-[2fr_1fr]" noValidate>
        <div className="grid content-start gap-4">
          <div className="grid gap-1">
            <label htmlFor={ids.title} className="text-sm font-bold">
              Titre (la situation)
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
            <label htmlFor={ids.description} className="text-sm font-bold">
              Introduction
            </label>
            <textarea
              id={ids.description}
              rows={3}
              value={form.description}
              maxLength={400}
              onChange={(e) => change('description', e.target.value)}
              className={fieldClass}
            />
          </div>
          <GeneratorRepliesField
            replies={form.replies}
            onChange={(replies) => change('replies', replies)}
            shareBase={generator ? generator.fullUrl : null}
          />
        </div>
        <div className="grid content-start gap-4">
          <div className="grid gap-1">
            <label htmlFor={ids.slug} className="text-sm font-bold">
              Adresse
            </label>
            <input
              id={ids.slug}
              value={form.slug}
              maxLength={120}
              onChange={(e) => change('slug', e.target.value)}
              aria-describedby={`${ids.slug}-aide`}
              className={fieldClass}
            />
            <p id={`${ids.slug}-aide`} className="text-xs">
              /generateur-de-repartie/… ; vide : tirée du titre. Changer celle d’un générateur publié redirige l’ancienne.
            </p>
          </div>
          <fieldset className="grid gap-2 rounded border-2 border-encre/30 p-3">
            <legend className="px-1 font-bold">Image</legend>
            {/^\/(?!\/)/.test(form.image.url) ? (
              <img src={form.image.url} alt="" className="aspect-[3/2] w-full rounded object-cover" />
            ) : null}
            <label htmlFor={ids.url} className="text-sm font-bold">
              Adresse de l’image
            </label>
            <input
              id={ids.url}
              value={form.image.url}
              onChange={(e) => change('image', { ...form.image, url: e.target.value })}
              className={fieldClass}
            />
            <label htmlFor={ids.alt} className="text-sm font-bold">
              Texte alternatif (obligatoire)
            </label>
            <input
              id={ids.alt}
              required
              value={form.image.alt}
              onChange={(e) => change('image', { ...form.image, alt: e.target.value })}
              className={fieldClass}
            />
            <MediaPickerButton
              title="Image"
              onPick={(item) => change('image', { url: item.url, alt: form.image.alt || item.alt, width: item.width, height: item.height })}
            />
          </fieldset>
          <EditorSidebar editor={editor} format={generatorDeclaration} />
        </div>
      </form>
      {revisions ? <EditorialRevisions {...revisions} /> : null}
    </section>
  );
}
