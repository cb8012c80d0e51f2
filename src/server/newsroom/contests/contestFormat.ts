/**
 * Contests as a format of the editorial workflow (workflow/editorialWorkflow.ts): their own fields only —
 * address, title, description, image, prize, rules, opening and closing — how they are checked, written,
 * snapshotted and restored. One row of `format_contests` is both the working copy and what readers read
 * (content/formatContests.server.ts reads the published rows), so publishing needs no second copy.
 */
import { and, eq } from 'drizzle-orm';
import type { AdminContest, ContestDraftInput, Image } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { formatContestRevisions, formatContests } from '../../../db/schema.ts';
import { dropRedirectsFrom, saveImportedRedirect } from '../../redirects/redirectStore.server.ts';
import { refused } from '../newsroomResult.ts';
import { slugify, uniqueSlug } from '../slugs.ts';
import { revisionStoreOf } from '../workflow/editorialTable.ts';
import type { EditorialFormat } from '../workflow/editorialWorkflow.ts';
import { type Change, paragraphChanges, showValue } from '../workflow/revisions.ts';
import { CONTEST_LABELS, type CheckedContest, checkContestInput } from './contestContent.ts';
import { type ContestRow, contestPath, findContestRow, toAdminContest } from './contestQueries.ts';

const slugTaken = (db: Database, exceptId: number | null) => async (slug: string) => {
  const rows = await db.select({ id: formatContests.id }).from(formatContests).where(eq(formatContests.url, slug));
  return rows.some((r) => r.id !== exceptId);
};

const takenMessage = (slug: string) => `L'adresse « ${slug} » est déjà prise par un autre concours.`;

const contestRevisionStore = revisionStoreOf(formatContestRevisions);

/** The image by its address and alt text; the rules article by article. */
function imageAndRuleChanges(before: Record<string, unknown> | null, after: Record<string, unknown>): Change[] {
  const changes: Change[] = [];
  const a = before?.image as Image | undefined;
  const b = after.image as Image | undefined;
  if (showValue(a?.url) !== showValue(b?.url))
    changes.push({ field: CONTEST_LABELS.image, before: showValue(a?.url), after: showValue(b?.url) });
  if (showValue(a?.alt) !== showValue(b?.alt))
    changes.push({ field: "Texte alternatif de l'image", before: showValue(a?.alt), after: showValue(b?.alt) });
  const rulesBefore = (before?.rules as string[] | undefined) ?? [];
  const rulesAfter = (after.rules as string[] | undefined) ?? [];
  return [...changes, ...paragraphChanges(CONTEST_LABELS.rules, rulesBefore, rulesAfter)];
}

function editedFields(checked: CheckedContest) {
  return {
    title: checked.title,
    description: checked.description,
    image: checked.image,
    prize: checked.prize,
    rules: checked.rules,
    startsAt: checked.startsAt,
    endsAt: checked.endsAt,
  };
}

export const contestFormat: EditorialFormat<ContestRow, ContestDraftInput, CheckedContest, AdminContest> = {
  entity: 'contest',
  thisItem: 'ce concours',
  find: findContestRow,
  async check(_db, _who, input) {
    return checkContestInput(input);
  },

  async insert(db, who, input, checked, now) {
    let slug: string;
    if (input.slug) {
      if (await slugTaken(db, null)(input.slug)) return refused.taken(takenMessage(input.slug));
      slug = input.slug;
    } else {
      slug = await uniqueSlug(slugify(checked.title), slugTaken(db, null));
    }
    const [row] = await db
      .insert(formatContests)
      .values({
        url: slug,
        ...editedFields(checked),
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
    const slug = input.slug ?? row.url;
    if (slug !== row.url && (await slugTaken(db, row.id)(slug))) return refused.taken(takenMessage(slug));
    const [updated] = await db
      .update(formatContests)
      .set({ url: slug, ...editedFields(checked), version: row.version + 1, updatedBy: who.id, updatedAt: now })
      // The version in the WHERE clause: two saves racing on the same version, one wins.
      .where(and(eq(formatContests.id, row.id), eq(formatContests.version, row.version)))
      .returning();
    return updated ? { ok: true, value: updated } : null;
  },

  async setStatus(db, who, row, change, now) {
    const [updated] = await db
      .update(formatContests)
      .set({
        status: change.status,
        version: row.version + 1,
        scheduledAt: change.scheduledAt,
        publishedAt: change.publishedAt,
        ...(who ? { updatedBy: who.id } : {}),
        updatedAt: now,
      })
      .where(and(eq(formatContests.id, row.id), eq(formatContests.version, row.version), eq(formatContests.status, row.status)))
      .returning();
    return updated ?? null;
  },

  // Readers read the row itself while published; a redirect from its address would shadow it.
  async publish(db, row) {
    await dropRedirectsFrom(db, contestPath(row.url));
  },
  async withdraw() {},
  async afterPublishedSave(db, before, after) {
    if (after.url !== before.url) {
      await saveImportedRedirect(db, { from: contestPath(before.url), toPath: contestPath(after.url) }, 'newsroom');
    }
  },

  async snapshot(_db, row) {
    return {
      title: row.title,
      slug: row.url,
      description: row.description,
      image: row.image,
      prize: row.prize,
      rules: row.rules,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
    };
  },
  snapshotFields: {
    names: {
      title: CONTEST_LABELS.title,
      slug: CONTEST_LABELS.slug,
      description: CONTEST_LABELS.description,
      prize: CONTEST_LABELS.prize,
      startsAt: CONTEST_LABELS.startsAt,
      endsAt: CONTEST_LABELS.endsAt,
    },
    extra: imageAndRuleChanges,
  },
  async inputFromSnapshot(_db, s) {
    if (
      typeof s.title !== 'string' ||
      typeof s.startsAt !== 'string' ||
      typeof s.endsAt !== 'string' ||
      typeof s.image !== 'object' ||
      s.image === null
    ) {
      return refused.bad('Cette révision est illisible.', 'revisionId');
    }
    return {
      ok: true,
      value: {
        title: s.title,
        slug: typeof s.slug === 'string' ? s.slug : undefined,
        description: String(s.description ?? ''),
        image: s.image as Image,
        prize: String(s.prize ?? ''),
        rules: Array.isArray(s.rules) ? s.rules.map(String) : [],
        startsAt: s.startsAt,
        endsAt: s.endsAt,
      },
    };
  },
  revisions: contestRevisionStore,
  createDetail: (row) => ({ slug: row.url }),
  saveDetail: (before, after) => (after.url !== before.url ? { detail: { fromSlug: before.url, toSlug: after.url } } : {}),
  toAdmin: (db, row) => toAdminContest(db, row),
  // Pasted HTML or a script address is recorded with who tried, as the articles' body.
  auditedRefusal: (field) => ['title', 'description', 'prize', 'image'].includes(field) || field.startsWith('rules.'),
};
