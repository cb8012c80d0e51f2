/**
 * The footer's quotations (issue 19): text and author, in order, each active or kept aside. A list saved whole
 * (selections/selectionWrite.ts: version fingerprint, 409, lock); a quotation keeps its id while it stays in
 * the list. The typewriter cycles through the active ones (content/quotations.server.ts).
 */
import { asc, eq, inArray, notInArray } from 'drizzle-orm';
import { appConfig } from '../../../../app.config.ts';
import type { Database } from '../../../db/client.ts';
import { quotations } from '../../../db/schema.ts';
import { audit } from '../audit.server.ts';
import { type NewsroomResult, refused } from '../newsroomResult.ts';
import { selectionVersion, writeSelection } from '../selections/selectionWrite.ts';
import type { StaffMember } from '../staff.server.ts';

export interface AdminQuotation {
  id: number;
  text: string;
  author: string;
  active: boolean;
}

export interface QuotationsSelection {
  quotations: AdminQuotation[];
  version: string;
}

export interface QuotationInput {
  id?: number;
  text: string;
  author: string;
  active: boolean;
}

const MAX_TEXT = 300;
const MAX_AUTHOR = 100;

async function readQuotations(db: Database): Promise<QuotationsSelection> {
  const rows = await db.select().from(quotations).orderBy(asc(quotations.position), asc(quotations.id));
  const list = rows.map((row) => ({ id: row.id, text: row.text, author: row.author, active: row.active }));
  return { quotations: list, version: selectionVersion(list.map((q) => JSON.stringify(q))) };
}

export const getQuotationsSelection = readQuotations;

const selection = { lock: 0x71756f74, what: 'les citations', versionOf: async (db: Database) => (await readQuotations(db)).version };

/** Plain text only: the typewriter shows text, and markup in a quotation is a paste gone wrong. */
function checkText(value: string, max: number, label: string, index: number): string | null {
  const text = value.replace(/\s+/g, ' ').trim();
  if (text === '') return `Citation ${index + 1} : ${label} est vide.`;
  if (text.length > max) return `Citation ${index + 1} : ${label} dépasse ${max} caractères.`;
  if (/[<>]/.test(text)) return `Citation ${index + 1} : ${label} contient du balisage (< ou >) ; écrivez du texte seul.`;
  return null;
}

export async function saveQuotations(
  db: Database,
  who: StaffMember,
  input: readonly QuotationInput[],
  basedOn: string,
  now: Date,
): Promise<NewsroomResult<QuotationsSelection>> {
  const max = appConfig.newsroom.maxQuotations;
  if (input.length > max) return refused.bad(`Le pied de page compte au plus ${max} citations.`, 'quotations');
  for (const [index, quotation] of input.entries()) {
    const problem =
      checkText(quotation.text, MAX_TEXT, 'le texte', index) ?? checkText(quotation.author, MAX_AUTHOR, 'l’autrice ou l’auteur', index);
    if (problem) return refused.bad(problem, 'quotations');
  }
  const ids = input.flatMap((q) => (q.id === undefined ? [] : [q.id]));
  if (new Set(ids).size !== ids.length) return refused.bad('Une citation figure deux fois dans la liste.', 'quotations');
  return writeSelection(db, selection, basedOn, async (tx) => {
    const known = ids.length > 0 ? await tx.select({ id: quotations.id }).from(quotations).where(inArray(quotations.id, ids)) : [];
    const missing = ids.find((id) => !known.some((row) => row.id === id));
    if (missing !== undefined) return refused.bad(`La citation n° ${missing} n’existe plus : rechargez la page.`, 'quotations');
    await tx.delete(quotations).where(ids.length > 0 ? notInArray(quotations.id, ids) : undefined);
    for (const [position, quotation] of input.entries()) {
      const values = {
        text: quotation.text.replace(/\s+/g, ' ').trim(),
        author: quotation.author.replace(/\s+/g, ' ').trim(),
        active: quotation.active,
        position: position + 1,
      };
      if (quotation.id === undefined) await tx.insert(quotations).values(values);
      else await tx.update(quotations).set(values).where(eq(quotations.id, quotation.id));
    }
    await audit(tx, who, { action: 'quotations.save', entity: 'quotations', detail: { count: input.length } }, now);
    return { ok: true, value: await readQuotations(tx) };
  });
}
