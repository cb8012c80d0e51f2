/**
 * Repartee generators as a format of the editorial workflow (workflow/editorialWorkflow.ts): their own
 * fields only — title, address, introduction, image, replies — how they are checked, written, snapshotted
 * and restored. One row of `repartee_generators` is both the working copy and what readers read: they see
 * it while its status is 'published' (content/reparteeGenerators.server.ts).
 */
import { and, eq, min } from 'drizzle-orm';
import type { Image, Reply } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { reparteeGeneratorRevisions, reparteeGenerators } from '../../../db/schema.ts';
import { dropRedirectsFrom, saveImportedRedirect } from '../../redirects/redirectStore.server.ts';
import { refused } from '../newsroomResult.ts';
import { slugify, uniqueSlug } from '../slugs.ts';
import { revisionStoreOf } from '../workflow/editorialTable.ts';
import type { EditorialFormat } from '../workflow/editorialWorkflow.ts';
import { type Change, showValue } from '../workflow/revisions.ts';
import { type CheckedGenerator, checkGeneratorInput, type GeneratorInput } from './generatorContent.ts';
import { type AdminGenerator, findGeneratorRow, type GeneratorRow, generatorPath, toAdminGenerator } from './generatorQueries.ts';

const slugTaken = (db: Database, exceptId: number | null) => async (slug: string) => {
  const rows = await db.select({ id: reparteeGenerators.id }).from(reparteeGenerators).where(eq(reparteeGenerators.url, slug));
  return rows.some((r) => r.id !== exceptId);
};

const takenMessage = (slug: string) => `L'adresse « ${slug} » est déjà prise par un autre générateur.`;

/** The columns a save writes from the checked input, the same for a new generator and an update. */
function editedFields(checked: CheckedGenerator) {
  return {
    title: checked.title,
    description: checked.description,
    image: checked.image,
    replies: checked.replies,
    nextReplyId: checked.nextReplyId,
  };
}

const generatorRevisionStore = revisionStoreOf(reparteeGeneratorRevisions);

/** Reply by reply, by id: an edited reply is one change, not a shift of every reply after it. */
function imageAndReplyChanges(before: Record<string, unknown> | null, after: Record<string, unknown>): Change[] {
  const changes: Change[] = [];
  const altBefore = showValue((before?.image as Image | undefined)?.alt);
  const altAfter = showValue((after.image as Image | undefined)?.alt);
  if (altBefore !== altAfter) changes.push({ field: "Texte alternatif de l'image", before: altBefore, after: altAfter });
  const urlBefore = showValue((before?.image as Image | undefined)?.url);
  const urlAfter = showValue((after.image as Image | undefined)?.url);
  if (urlBefore !== urlAfter) changes.push({ field: 'Image', before: urlBefore, after: urlAfter });
  const old = new Map(((before?.replies as Reply[] | undefined) ?? []).map((r) => [r.id, r.text]));
  const now = (after.replies as Reply[] | undefined) ?? [];
  for (const reply of now) {
    const was = old.get(reply.id);
    if (was !== reply.text) changes.push({ field: `Réplique n° ${reply.id}`, before: was ?? '', after: reply.text });
    old.delete(reply.id);
  }
  for (const [id, text] of old) changes.push({ field: `Réplique n° ${id}`, before: text, after: '' });
  const order = (replies: Reply[]) => replies.map((r) => r.id).join(', ');
  const orderBefore = order((before?.replies as Reply[] | undefined) ?? []);
  const orderAfter = order(now);
  if (before && orderBefore !== orderAfter && changes.length === 0) {
    changes.push({ field: 'Ordre des répliques', before: orderBefore, after: orderAfter });
  }
  return changes;
}

export const generatorFormat: EditorialFormat<GeneratorRow, GeneratorInput, CheckedGenerator, AdminGenerator> = {
  entity: 'generator',
  thisItem: 'ce générateur',
  find: findGeneratorRow,
  async check(_db, _who, input, current) {
    return checkGeneratorInput(input, current?.nextReplyId ?? 1);
  },

  async insert(db, who, input, checked, now) {
    let slug: string;
    if (input.slug) {
      if (await slugTaken(db, null)(input.slug)) return refused.taken(takenMessage(input.slug));
      slug = input.slug;
    } else {
      slug = await uniqueSlug(slugify(input.title), slugTaken(db, null));
    }
    // Readers list generators by position: the newest first.
    const [first] = await db.select({ position: min(reparteeGenerators.position) }).from(reparteeGenerators);
    const [row] = await db
      .insert(reparteeGenerators)
      .values({
        url: slug,
        ...editedFields(checked),
        position: (first?.position ?? 1) - 1,
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
      .update(reparteeGenerators)
      .set({ url: slug, version: row.version + 1, ...editedFields(checked), updatedBy: who.id, updatedAt: now })
      // The version in the WHERE clause: two saves racing on the same version, one wins.
      .where(and(eq(reparteeGenerators.id, row.id), eq(reparteeGenerators.version, row.version)))
      .returning();
    return updated ? { ok: true, value: updated } : null;
  },

  async setStatus(db, who, row, change, now) {
    const [updated] = await db
      .update(reparteeGenerators)
      .set({
        status: change.status,
        version: row.version + 1,
        scheduledAt: change.scheduledAt,
        publishedAt: change.publishedAt,
        ...(who ? { updatedBy: who.id } : {}),
        updatedAt: now,
      })
      .where(and(eq(reparteeGenerators.id, row.id), eq(reparteeGenerators.version, row.version), eq(reparteeGenerators.status, row.status)))
      .returning();
    return updated ?? null;
  },

  // Readers' side: the same row, shown while published. A redirect from its address would shadow it.
  async publish(db, row) {
    await dropRedirectsFrom(db, generatorPath(row.url));
  },
  async withdraw() {},
  async afterPublishedSave(db, before, after) {
    // A published generator's old address (and its replies' shared links) keeps answering.
    if (after.url !== before.url) {
      await saveImportedRedirect(db, { from: generatorPath(before.url), toPath: generatorPath(after.url) }, 'newsroom');
    }
  },

  async snapshot(_db, row) {
    return { title: row.title, slug: row.url, description: row.description, image: row.image, replies: row.replies };
  },
  snapshotFields: {
    names: { title: 'Titre', slug: 'Adresse', description: 'Introduction' },
    extra: imageAndReplyChanges,
  },
  async inputFromSnapshot(_db, s) {
    if (typeof s.title !== 'string' || !Array.isArray(s.replies) || typeof s.image !== 'object' || s.image === null) {
      return refused.bad('Cette révision est illisible.', 'revisionId');
    }
    return {
      ok: true,
      value: {
        title: s.title,
        slug: typeof s.slug === 'string' ? s.slug : undefined,
        description: String(s.description ?? ''),
        image: s.image as Image,
        // With their ids: a restored reply answers at its old address again.
        replies: (s.replies as Reply[]).map((r) => ({ id: r.id, text: r.text })),
      },
    };
  },
  revisions: generatorRevisionStore,
  createDetail: (row) => ({ slug: row.url }),
  saveDetail: (before, after) => (after.url !== before.url ? { detail: { fromSlug: before.url, toSlug: after.url } } : {}),
  toAdmin: toAdminGenerator,
};
