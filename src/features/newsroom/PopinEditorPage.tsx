/**
 * Writing a marketing popin: its name and type, where and when it shows, its content; then saving (the
 * version the editor loaded: a 409 names who saved first), publishing, scheduling or unpublishing, a signed
 * preview over a real page, and the revisions with restore — the articles' workflow, the popin's fields.
 */
import { useId } from 'react';
import type { AdminCategory, PageData } from '../../api/queries/newsroom.ts';
import { popinDeclaration } from '../../formats/popinFormat.ts';
import { type AdminPopin, newsroomPopins, type PopinType } from '../../api/queries/newsroomPopins.ts';
import { FieldRow, fieldClass } from './FieldRow.tsx';
import { FormatEditorFrame } from './FormatEditorFrame.tsx';
import { ContentFields, TargetFields, WhenFields } from './PopinFields.tsx';
import { emptyForm, formOf, inputOf, type PartKey, typeLabels } from './popinFormModel.ts';
import { always, doneSentences, useFormatEditor } from './useFormatEditor.ts';
import { editorActions } from './editorVocabulary.ts';

export interface PopinEditorLoaded {
  popin: PageData<AdminPopin> | null;
  categories: PageData<AdminCategory[]>;
}

const buttonClass = 'rounded border-2 border-encre px-3 py-1 font-bold';

export function PopinEditorPage({ loaded, onCreated }: { loaded: PopinEditorLoaded; onCreated: (id: number) => void }) {
  const categories = loaded.categories.data ?? [];
  const slugs = categories.map((c) => c.slug);
  const editor = useFormatEditor({
    loaded: loaded.popin?.data ?? null,
    api: newsroomPopins,
    emptyForm,
    formOf: (fresh: AdminPopin) => formOf(fresh, slugs),
    inputOf: always(inputOf),
    onCreated,
    done: doneSentences(popinDeclaration),
  });
  const { item: popin, form, setForm, change, busy, preview } = editor;
  const typeId = useId();

  const setPart = (key: PartKey, value: string) => setForm((f) => ({ ...f, parts: { ...f.parts, [key]: value } }));

  return (
    <FormatEditorFrame
      editor={editor}
      format={popinDeclaration}
      loadError={loaded.popin?.error}
      title={popin?.name}
      details={
        popin ? (
          <>
            {' · cookie '}
            <code>regie_{popin.cookie.hash}</code>
          </>
        ) : null
      }
      preview={
        // The popin is seen over a real page of the site, not on a page of its own.
        <div className="grid gap-3 rounded border-2 border-encre/30 p-3">
          <button type="button" disabled={busy} className={buttonClass} onClick={preview.request}>
            {editorActions.preview}
          </button>
          {preview.link ? (
            <a href={preview.link.url} target="_blank" rel="noopener" className="break-all underline">
              Voir la popin sur la page (aperçu)
            </a>
          ) : null}
        </div>
      }
      aside={
        <>
          <TargetFields form={form} change={change} categories={categories} />
          <WhenFields form={form} change={change} />
        </>
      }
    >
      <FieldRow label="Nom (seulement dans la rédaction)" maxLength={120} value={form.name} onChange={(v) => change('name', v)} />
      <div className="grid gap-1">
        <label htmlFor={typeId} className="text-sm font-bold">
          Type
        </label>
        <select id={typeId} value={form.type} onChange={(e) => change('type', e.target.value as PopinType)} className={fieldClass}>
          {(Object.keys(typeLabels) as PopinType[]).map((type) => (
            <option key={type} value={type}>
              {typeLabels[type]}
            </option>
          ))}
        </select>
      </div>
      <ContentFields form={form} setPart={setPart} type={form.type} upload={editor} />
    </FormatEditorFrame>
  );
}
