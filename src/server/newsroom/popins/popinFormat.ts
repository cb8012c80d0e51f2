/**
 * Popins as a format of the editorial workflow (workflow/editorialWorkflow.ts): their own fields only — name,
 * type, parts, trigger, cookie, path rule, priority, date window — how they are checked, written, snapshotted
 * and restored. One row is both the working copy and the readers' popin: publishing sets `active`, which
 * the reader query (content/popins.server.ts) reads with the date window.
 */
import { eq } from 'drizzle-orm';
import type { PopinDraftInput, PopinParts, PopinTrigger, PopinType } from '../../../api/types.ts';
import { popinRevisions, popins } from '../../../db/schema.ts';
import { type ImageRef, withLibraryImages } from '../libraryImage.ts';
import { type NewsroomResult, refused } from '../newsroomResult.ts';
import { popinDeclaration } from '../../../formats/popinFormat.ts';
import { tableFormat } from '../workflow/editorialTable.ts';
import { type Change, showValue } from '../workflow/revisions.ts';
import { type CheckedPopin, checkPopinInput, contentKey, cookieHashFor, IMAGE_KEYS, PART_KEYS, PART_LABELS } from './popinContent.ts';
import { popinRows, toAdminPopin } from './popinQueries.ts';

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

export const popinFormat = tableFormat({
  declaration: popinDeclaration,
  rows: popinRows,
  revisions: popinRevisions,
  async check(db, _who, input: PopinDraftInput, current) {
    const checked = checkPopinInput(input);
    if (!checked.ok) return checked;
    // The same rule as every format's images: the library's, the site's generated media, or what it shows now.
    const images: ImageRef[] = [...IMAGE_KEYS].flatMap((key) => {
      const url = checked.value.parts[key];
      return url === null ? [] : [{ url, label: `« ${PART_LABELS[key]} »`, field: `parts.${key}`, isAddress: true }];
    });
    const kept = current ? [...IMAGE_KEYS].map((key) => current.parts[key]).filter((url): url is string => url !== null) : [];
    return withLibraryImages(db, checked, images, kept);
  },
  // Readers see it only once published (`active`); its dismissal cookie's hash needs its id: written just after.
  created: (_db, _input, checked: CheckedPopin) => ({ ...editedFields(checked), active: false, cookieHash: 'nouvelle' }),
  afterInsert: (db, row) => popinRows.patch(db, row, { cookieHash: cookieHashFor(row.id, 1, row.type, row.parts) }),
  // A new content is a new cookie: readers who closed the old popin see the new one.
  saved: (_db, row, _input, checked) => ({
    ...editedFields(checked),
    cookieHash:
      contentKey(row.type, row.parts) !== contentKey(checked.type, checked.parts)
        ? cookieHashFor(row.id, row.version + 1, checked.type, checked.parts)
        : row.cookieHash,
  }),

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
  async inputFromSnapshot(_db, s): Promise<NewsroomResult<PopinDraftInput>> {
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
  createDetail: (row) => ({ type: row.type, matchPath: row.matchPath }),
  saveDetail: (before, after) =>
    after.cookieHash !== before.cookieHash ? { detail: { fromHash: before.cookieHash, toHash: after.cookieHash } } : {},
  toAdmin: toAdminPopin,
  // A link or a text refused (HTML, `javascript:`) is recorded with who tried, as the articles' body.
  auditedRefusal: (field) => field.startsWith('parts.') || field === 'name',
});
