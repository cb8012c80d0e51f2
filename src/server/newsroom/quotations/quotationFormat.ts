/**
 * The footer's quotations as a format of the editorial workflow (workflow/editorialWorkflow.ts): their own
 * fields only — text, author, position — how they are checked, written, snapshotted and restored. One row
 * of `quotations` is both the working copy and what readers read: the footer shows it while its status is
 * 'published' (content/quotations.server.ts).
 */
import { and, asc, eq, max } from 'drizzle-orm';
import { quotationRevisions, quotations, staff } from '../../../db/schema.ts';
import { type NewsroomResult, refused } from '../newsroomResult.ts';
import { plainTextProblem } from '../plainText.ts';
import type { EditorialFormat } from '../workflow/editorialWorkflow.ts';
import type { RevisionStore } from '../workflow/revisions.ts';
import { type AdminQuotation, findQuotationRow, type QuotationRow, toAdminQuotation } from './quotationQueries.ts';

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

const quotationRevisionStore: RevisionStore = {
  async save(db, r) {
    const [revision] = await db
      .insert(quotationRevisions)
      .values({ quotationId: r.itemId, version: r.version, snapshot: r.snapshot, staffId: r.staffId, createdAt: r.at })
      .onConflictDoNothing()
      .returning({ id: quotationRevisions.id });
    return revision?.id ?? 0;
  },
  async list(db, itemId) {
    const rows = await db
      .select({ revision: quotationRevisions, staffName: staff.name })
      .from(quotationRevisions)
      .leftJoin(staff, eq(staff.id, quotationRevisions.staffId))
      .where(eq(quotationRevisions.quotationId, itemId))
      .orderBy(asc(quotationRevisions.version));
    return rows.map((r) => ({ ...r.revision, staffName: r.staffName }));
  },
  async find(db, itemId, revisionId) {
    const [revision] = await db
      .select({ snapshot: quotationRevisions.snapshot })
      .from(quotationRevisions)
      .where(and(eq(quotationRevisions.id, revisionId), eq(quotationRevisions.quotationId, itemId)));
    return revision ?? null;
  },
};

export const quotationFormat: EditorialFormat<QuotationRow, QuotationInput, CheckedQuotation, AdminQuotation> = {
  entity: 'quotation',
  thisItem: 'cette citation',
  find: findQuotationRow,
  async check(_db, _who, input) {
    return checkQuotationInput(input);
  },

  async insert(db, who, input, checked, now) {
    // Without a position, after the others.
    const [last] = await db.select({ position: max(quotations.position) }).from(quotations);
    const [row] = await db
      .insert(quotations)
      .values({
        ...checked,
        position: input.position ?? (last?.position ?? -1) + 1,
        status: 'draft',
        version: 1,
        createdBy: who.id,
        updatedBy: who.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    return { ok: true, value: row };
  },

  async update(db, who, row, input, checked, now) {
    const [updated] = await db
      .update(quotations)
      .set({ ...checked, position: input.position ?? row.position, version: row.version + 1, updatedBy: who.id, updatedAt: now })
      // The version in the WHERE clause: two saves racing on the same version, one wins.
      .where(and(eq(quotations.id, row.id), eq(quotations.version, row.version)))
      .returning();
    return updated ? { ok: true, value: updated } : null;
  },

  async setStatus(db, who, row, change, now) {
    const [updated] = await db
      .update(quotations)
      .set({
        status: change.status,
        version: row.version + 1,
        scheduledAt: change.scheduledAt,
        publishedAt: change.publishedAt,
        ...(who ? { updatedBy: who.id } : {}),
        updatedAt: now,
      })
      .where(and(eq(quotations.id, row.id), eq(quotations.version, row.version), eq(quotations.status, row.status)))
      .returning();
    return updated ?? null;
  },

  // Readers' side: the same row, shown while published; nothing else to write.
  async publish() {},
  async withdraw() {},

  async snapshot(_db, row) {
    // `title` is what the revision list shows: the quotation itself.
    return { title: row.text, author: row.author, position: row.position };
  },
  snapshotFields: { names: { title: 'Citation', author: 'Auteur ou autrice', position: 'Rang' } },
  async inputFromSnapshot(_db, s) {
    if (typeof s.title !== 'string' || typeof s.author !== 'string') return refused.bad('Cette révision est illisible.', 'revisionId');
    return { ok: true, value: { text: s.title, author: s.author, position: typeof s.position === 'number' ? s.position : undefined } };
  },
  revisions: quotationRevisionStore,
  toAdmin: toAdminQuotation,
};
