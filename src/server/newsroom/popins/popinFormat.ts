/**
 * Popins as a format of the editorial workflow (workflow/editorialWorkflow.ts): their own fields only — name,
 * type, parts, trigger, cookie, path rule, priority, date window — how they are checked, written, snapshotted
 * and restored. One row is both the working copy and the readers' popin: publishing sets `active`, which
 * the reader query (content/popins.server.ts) reads with the date window.
 */
import { and, eq } from 'drizzle-orm';
import type { PopinDraftInput, PopinParts, PopinTrigger, PopinType } from '../../../api/types.ts';
import { popinRevisions, popins } from '../../../db/schema.ts';
import { refused } from '../newsroomResult.ts';
import { revisionStoreOf } from '../workflow/editorialTable.ts';
import type { EditorialFormat } from '../workflow/editorialWorkflow.ts';
import { type Change, showValue } from '../workflow/revisions.ts';
import { type CheckedPopin, checkPopinInput, contentKey, cookieHashFor, PART_KEYS, PART_LABELS } from './popinContent.ts';
import { findPopinRow, type PopinRow, toAdminPopin } from './popinQueries.ts';
import type { AdminPopin } from '../../../api/types.ts';

/** The columns a save writes from the editor's input, the same for a new popin and an update. */
function editedFields(checked: CheckedPopin) {
  return {
    name: checked.name,
    type: checked.type,
    matchPath: checked.matchPath,
    matchMode: checked.matchMode,
    priority: checked.priority,
    startsAt: checked.startsAt,
    endsAt: checked.endsAt,
    successDuration: checked.successDuration,
    trigger: checked.trigger,
    parts: checked.parts,
  };
}

const popinRevisionStore = revisionStoreOf(popinRevisions);

function triggerLabel(trigger: PopinTrigger | undefined): string {
  if (!trigger) return '';
  if (trigger.isOpenDelay) return `Après ${trigger.timeDelay} s`;
  if (trigger.isOpen) return 'À l’ouverture';
  if (trigger.isClose) return 'En quittant la page';
  return '';
}

/** Part by part, under the names editors read ("Texte du bouton 2"). */
function partAndTriggerChanges(before: Record<string, unknown> | null, after: Record<string, unknown>): Change[] {
  const changes: Change[] = [];
  const a = (before?.trigger as PopinTrigger | undefined) ?? undefined;
  const b = after.trigger as PopinTrigger | undefined;
  if (triggerLabel(a) !== triggerLabel(b)) changes.push({ field: 'Déclencheur', before: triggerLabel(a), after: triggerLabel(b) });
  const partsBefore = (before?.parts as PopinParts | undefined) ?? null;
  const partsAfter = after.parts as PopinParts | undefined;
  for (const key of PART_KEYS) {
    const x = showValue(partsBefore?.[key]);
    const y = showValue(partsAfter?.[key]);
    if (x !== y) changes.push({ field: PART_LABELS[key], before: x, after: y });
  }
  return changes;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

export const popinFormat: EditorialFormat<PopinRow, PopinDraftInput, CheckedPopin, AdminPopin> = {
  entity: 'popin',
  thisItem: 'cette popin',
  find: findPopinRow,
  async check(_db, _who, input) {
    return checkPopinInput(input);
  },

  async insert(db, who, _input, checked, now) {
    const [row] = await db
      .insert(popins)
      .values({
        ...editedFields(checked),
        status: 'draft',
        active: false,
        version: 1,
        // The hash needs the id: written just below, in the same transaction.
        cookieHash: 'nouvelle',
        createdBy: who.id,
        updatedBy: who.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    const [hashed] = await db
      .update(popins)
      .set({ cookieHash: cookieHashFor(row.id, 1, row.type, row.parts) })
      .where(eq(popins.id, row.id))
      .returning();
    if (!hashed) throw new Error('update returned nothing');
    return { ok: true, value: hashed };
  },

  async update(db, who, row, _input, checked, now) {
    const version = row.version + 1;
    const contentChanged = contentKey(row.type, row.parts) !== contentKey(checked.type, checked.parts);
    const [updated] = await db
      .update(popins)
      .set({
        ...editedFields(checked),
        version,
        cookieHash: contentChanged ? cookieHashFor(row.id, version, checked.type, checked.parts) : row.cookieHash,
        updatedBy: who.id,
        updatedAt: now,
      })
      // The version in the WHERE clause: two saves racing on the same version, one wins.
      .where(and(eq(popins.id, row.id), eq(popins.version, row.version)))
      .returning();
    return updated ? { ok: true, value: updated } : null;
  },

  async setStatus(db, who, row, change, now) {
    const [updated] = await db
      .update(popins)
      .set({
        status: change.status,
        version: row.version + 1,
        scheduledAt: change.scheduledAt,
        publishedAt: change.publishedAt,
        ...(who ? { updatedBy: who.id } : {}),
        updatedAt: now,
      })
      .where(and(eq(popins.id, row.id), eq(popins.version, row.version), eq(popins.status, row.status)))
      .returning();
    return updated ?? null;
  },

  // Readers' side: the same row, shown while `active` (and within its dates).
  async publish(db, row) {
    await db.update(popins).set({ active: true }).where(eq(popins.id, row.id));
  },
  async withdraw(db, row) {
    await db.update(popins).set({ active: false }).where(eq(popins.id, row.id));
  },

  async snapshot(_db, row) {
    return {
      // `title` is what the revision list shows: the popin's name.
      title: row.name,
      type: row.type,
      matchPath: row.matchPath,
      matchMode: row.matchMode,
      priority: row.priority,
      startsAt: iso(row.startsAt),
      endsAt: iso(row.endsAt),
      successDuration: row.successDuration,
      cookieHash: row.cookieHash,
      trigger: row.trigger,
      parts: row.parts,
    };
  },
  snapshotFields: {
    names: {
      title: 'Nom',
      type: 'Type',
      matchPath: 'Chemin visé',
      matchMode: 'Portée',
      priority: 'Priorité',
      startsAt: 'Début de diffusion',
      endsAt: 'Fin de diffusion',
      successDuration: 'Durée après inscription (secondes)',
    },
    extra: partAndTriggerChanges,
  },
  async inputFromSnapshot(_db, s) {
    if (typeof s.type !== 'string' || typeof s.parts !== 'object' || s.parts === null) {
      return refused.bad('Cette révision est illisible.', 'revisionId');
    }
    return {
      ok: true,
      value: {
        name: String(s.title ?? ''),
        type: s.type as PopinType,
        matchPath: String(s.matchPath),
        matchMode: s.matchMode === 'exact' ? 'exact' : 'prefix',
        priority: Number(s.priority ?? 0),
        startsAt: (s.startsAt as string | null) ?? null,
        endsAt: (s.endsAt as string | null) ?? null,
        successDuration: Number(s.successDuration ?? 0),
        trigger: s.trigger as PopinTrigger,
        parts: s.parts as PopinParts,
      },
    };
  },
  revisions: popinRevisionStore,
  createDetail: (row) => ({ type: row.type, matchPath: row.matchPath }),
  saveDetail: (before, after) =>
    after.cookieHash !== before.cookieHash ? { detail: { fromHash: before.cookieHash, toHash: after.cookieHash } } : {},
  toAdmin: toAdminPopin,
  // A link or a text refused (HTML, `javascript:`) is recorded with who tried, as the articles' body.
  auditedRefusal: (field) => field.startsWith('parts.') || field === 'name',
};
