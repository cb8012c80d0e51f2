/**
 * Writing a footer quotation: its text, author and rank; then saving (the version the editor loaded: a 409
 * names who saved first), publishing, scheduling or unpublishing, and the revisions with restore.
 */
import type { PageData } from '../../api/queries/newsroom.ts';
import { quotationDeclaration } from '../../formats/quotationFormat.ts';
import { type AdminQuotation, newsroomQuotations, type QuotationDraftInput } from '../../api/queries/newsroomQuotations.ts';
import { FieldRow } from './FieldRow.tsx';
import { FormatEditorFrame } from './FormatEditorFrame.tsx';
import { always, doneSentences, useFormatEditor } from './useFormatEditor.ts';

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
  const { form, change } = editor;

  return (
    <FormatEditorFrame editor={editor} format={quotationDeclaration} loadError={loaded?.error}>
      <FieldRow label="Citation" rows={3} maxLength={300} value={form.text} onChange={(v) => change('text', v)} />
      <FieldRow label="Auteur ou autrice" maxLength={120} value={form.author} onChange={(v) => change('author', v)} />
      <FieldRow
        label="Rang dans le pied de page"
        type="number"
        min={0}
        inputMode="numeric"
        value={form.position}
        onChange={(v) => change('position', v)}
        help="Le plus petit d’abord ; vide : après les autres."
        className="w-32"
      />
    </FormatEditorFrame>
  );
}
