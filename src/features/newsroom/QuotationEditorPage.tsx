/**
 * Writing a footer quotation: its text, author and rank; then saving (the version the editor loaded: a 409
 * names who saved first), publishing, scheduling or unpublishing, and the revisions with restore.
 */
import { useId } from 'react';
import type { PageData } from '../../api/queries/newsroom.ts';
import { quotationDeclaration } from '../../formats/quotationFormat.ts';
import { type AdminQuotation, newsroomQuotations, type QuotationDraftInput } from '../../api/queries/newsroomQuotations.ts';
import { EditorialRevisions } from './EditorialRevisions.tsx';
import { EditorSidebar } from './EditorSidebar.tsx';
import { statusLabels } from './newsroomLabels.ts';
import { always, doneSentences, useFormatEditor } from './useFormatEditor.ts';

const fieldClass = 'rounded border-2 border-encre px-2 py-1';

interface Form {
  text: string;
  author: string;
  /** As typed: empty leaves the rank to the server (after the others). */
  position: string;
}

const formOf = (q: AdminQuotation): Form => ({ text: q.text, author: q.author, position: String(q.position) });

function inputOf(form: Form): QuotationDraftInput {
  const position = form.position.trim() === '' ? undefined : Number(form.position);
  return { text: form.text, author: form.author, ...(position === undefined ? {} : { position }) };
}

export function QuotationEditorPage({ loaded, onCreated }: { loaded: PageData<AdminQuotation> | null; onCreated: (id: number) => void }) {
  const editor = useFormatEditor({
    loaded: loaded?.data ?? null,
    api: newsroomQuotations,
    emptyForm: (): Form => ({ text: '', author: '', position: '' }),
    formOf,
    inputOf: always(inputOf),
    onCreated,
    done: doneSentences(quotationDeclaration),
  });
  const { item: quotation, form, change, submit, revisions } = editor;
  const ids = { text: useId(), author: useId(), position: useId() };

  if (loaded?.error) {
    return (
      <p role="alert" className="font-bold text-piment-dark">
        {loaded.error}
      </p>
    );
  }

  return (
    <section>
      <h1 className="font-display text-3xl font-bold">{quotation ? 'Citation' : 'Nouvelle citation'}</h1>
      {quotation ? (
        <p className="mt-1 text-sm">
          {statusLabels[quotation.status]} · version {quotation.version}
          {quotation.updatedByName ? ` · modifiée par ${quotation.updatedByName}` : ''}
        </p>
      ) : null}
      <form onSubmit={submit} className="mt-4 grid max-w-2xl gap-4" noValidate>
        <div className="grid gap-1">
          <label htmlFor={ids.text} className="text-sm font-bold">
            Citation
          </label>
          <textarea
            id={ids.text}
            rows={3}
            maxLength={300}
            value={form.text}
            onChange={(e) => change('text', e.target.value)}
            className={fieldClass}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={ids.author} className="text-sm font-bold">
            Auteur ou autrice
          </label>
          <input
            id={ids.author}
            maxLength={120}
            value={form.author}
            onChange={(e) => change('author', e.target.value)}
            className={fieldClass}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={ids.position} className="text-sm font-bold">
            Rang dans le pied de page
          </label>
          <input
            id={ids.position}
            type="number"
            min={0}
            inputMode="numeric"
            value={form.position}
            onChange={(e) => change('position', e.target.value)}
            aria-describedby={`${ids.position}-aide`}
            className={`${fieldClass} w-32`}
          />
          <p id={`${ids.position}-aide`} className="text-xs">
            Le plus petit d’abord ; vide : après les autres.
          </p>
        </div>
        <EditorSidebar editor={editor} format={quotationDeclaration} />
      </form>
      {revisions ? <EditorialRevisions {...revisions} /> : null}
    </section>
  );
}
