/**
 * The footer's quotations as a format of the editorial workflow (workflow/editorialWorkflow.ts): their own
 * fields only — text, author, position — how they are checked, snapshotted and restored; the rest follows
 * from their declaration (src/formats/quotationFormat.ts) and their table (workflow/editorialTable.ts). One
 * row of `quotations` is both the working copy and what readers read: the footer shows it while its status
 * is 'published' (content/quotations.server.ts).
 */
import { quotationRevisions } from '../../../db/schema.ts';
import { quotationDeclaration } from '../../../formats/quotationFormat.ts';
import { type NewsroomResult, refused } from '../newsroomResult.ts';
import { plainTextProblem } from '../plainText.ts';
import { tableFormat } from '../workflow/editorialTable.ts';
import { nextQuotationPosition, quotationRows, toAdminQuotation } from './quotationQueries.ts';

export interface QuotationInput {
  text: string;
  author: string;
  position?: number;
}

interface CheckedQuotation {
  text: string;
  author: string;
}

export function checkQuotationInput(input: QuotationInput): NewsroomResult<CheckedQuotation> {
  const text = input.text.trim().replace(/\s+/g, ' ');
  const author = input.author.trim().replace(/\s+/g, ' ');
  if (text === '') return refused.bad('Le texte de la citation est obligatoire.', 'text');
  if (author === '') return refused.bad("L'auteur ou l'autrice de la citation est obligatoire.", 'author');
  for (const [field, name, value] of [
    ['text', 'La citation', text],
    ['author', "Le nom de l'auteur ou de l'autrice", author],
  ] as const) {
    const problem = plainTextProblem(value, name);
    if (problem) return refused.bad(problem, field);
  }
  return { ok: true, value: { text, author } };
}

export const quotationFormat = tableFormat({
  declaration: quotationDeclaration,
  rows: quotationRows,
  revisions: quotationRevisions,
  async check(_db, _who, input: QuotationInput) {
    return checkQuotationInput(input);
  },
  // Without a position, after the others.
  created: async (db, input, checked) => ({ ...checked, position: input.position ?? (await nextQuotationPosition(db)) }),
  saved: (_db, row, input, checked) => ({ ...checked, position: input.position ?? row.position }),

  async snapshot(_db, row) {
    // `title` is what the revision list shows: the quotation itself.
    return { title: row.text, author: row.author, position: row.position };
  },
  snapshotFields: { names: { title: 'Citation', author: 'Auteur ou autrice', position: 'Rang' } },
  async inputFromSnapshot(_db, s) {
    if (typeof s.title !== 'string' || typeof s.author !== 'string') return refused.bad('Cette révision est illisible.', 'revisionId');
    return { ok: true, value: { text: s.title, author: s.author, position: typeof s.position === 'number' ? s.position : undefined } };
  },
  toAdmin: toAdminQuotation,
});
