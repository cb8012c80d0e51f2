/**
 * Mosaics as a format of the editorial workflow (workflow/editorialWorkflow.ts): their own fields only —
 * address, title, description, cover, images with caption and credit — how they are checked, written,
 * snapshotted and restored. One row of `mosaics` is both the working copy and what readers read
 * (content/mosaics.server.ts reads the published rows), so publishing needs no second copy.
 */
import { and, eq } from 'drizzle-orm';
import type { AdminMosaic, Image, MosaicDraftInput, MosaicImage } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { mosaicRevisions, mosaics } from '../../../db/schema.ts';
import { dropRedirectsFrom, saveImportedRedirect } from '../../redirects/redirectStore.server.ts';
import { refused } from '../newsroomResult.ts';
import { slugify, uniqueSlug } from '../slugs.ts';
import { revisionStoreOf } from '../workflow/editorialTable.ts';
import type { EditorialFormat } from '../workflow/editorialWorkflow.ts';
import { type Change, showValue } from '../workflow/revisions.ts';
import { type CheckedMosaic, checkMosaicInput, MOSAIC_LABELS } from './mosaicContent.ts';
import { findMosaicRow, type MosaicRow, mosaicPath, toAdminMosaic } from './mosaicQueries.ts';

const slugTaken = (db: Database, exceptId: number | null) => async (slug: string) => {
  const rows = await db.select({ id: mosaics.id }).from(mosaics).where(eq(mosaics.url, slug));
  return rows.some((r) => r.id !== exceptId);
};

const takenMessage = (slug: string) => `L'adresse « ${slug} » est déjà prise par une autre mosaïque.`;

const mosaicRevisionStore = revisionStoreOf(mosaicRevisions);

/** The cover by its address and alt text; the images one by one ("Image 2"). */
function imageChanges(before: Record<string, unknown> | null, after: Record<string, unknown>): Change[] {
  const changes: Change[] = [];
  const a = before?.cover as Image | undefined;
  const b = after.cover as Image | undefined;
  if (showValue(a?.url) !== showValue(b?.url))
    changes.push({ field: MOSAIC_LABELS.cover, before: showValue(a?.url), after: showValue(b?.url) });
  if (showValue(a?.alt) !== showValue(b?.alt))
    changes.push({ field: 'Texte alternatif de la couverture', before: showValue(a?.alt), after: showValue(b?.alt) });
  const imagesBefore = (before?.images as MosaicImage[] | undefined) ?? [];
  const imagesAfter = (after.images as MosaicImage[] | undefined) ?? [];
  const show = (m: MosaicImage | undefined) => (m ? [m.image.url, m.image.alt, m.caption, m.credit].filter(Boolean).join(' · ') : '');
  for (let i = 0; i < Math.max(imagesBefore.length, imagesAfter.length); i++) {
    const x = show(imagesBefore[i]);
    const y = show(imagesAfter[i]);
    if (x !== y) changes.push({ field: `Image ${i + 1}`, before: x, after: y });
  }
  return changes;
}

function editedFields(checked: CheckedMosaic) {
  return { title: checked.title, description: checked.description, cover: checked.cover, images: checked.images };
}

export const mosaicFormat: EditorialFormat<MosaicRow, MosaicDraftInput, CheckedMosaic, AdminMosaic> = {
  entity: 'mosaic',
  thisItem: 'cette mosaïque',
  find: findMosaicRow,
  async check(_db, _who, input) {
    return checkMosaicInput(input);
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
      .insert(mosaics)
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
      .update(mosaics)
      .set({ url: slug, ...editedFields(checked), version: row.version + 1, updatedBy: who.id, updatedAt: now })
      // The version in the WHERE clause: two saves racing on the same version, one wins.
      .where(and(eq(mosaics.id, row.id), eq(mosaics.version, row.version)))
      .returning();
    return updated ? { ok: true, value: updated } : null;
  },

  async setStatus(db, who, row, change, now) {
    const [updated] = await db
      .update(mosaics)
      .set({
        status: change.status,
        version: row.version + 1,
        scheduledAt: change.scheduledAt,
        publishedAt: change.publishedAt,
        ...(who ? { updatedBy: who.id } : {}),
        updatedAt: now,
      })
      .where(and(eq(mosaics.id, row.id), eq(mosaics.version, row.version), eq(mosaics.status, row.status)))
      .returning();
    return updated ?? null;
  },

  // Readers read the row itself while published; a redirect from its address would shadow it.
  async publish(db, row) {
    await dropRedirectsFrom(db, mosaicPath(row.url));
  },
  async withdraw() {},
  async afterPublishedSave(db, before, after) {
    // A published mosaic's old address keeps answering (shared links, search engines).
    if (after.url !== before.url) {
      await saveImportedRedirect(db, { from: mosaicPath(before.url), toPath: mosaicPath(after.url) }, 'newsroom');
    }
  },

  async snapshot(_db, row) {
    return { title: row.title, slug: row.url, description: row.description, cover: row.cover, images: row.images };
  },
  snapshotFields: {
    names: { title: MOSAIC_LABELS.title, slug: MOSAIC_LABELS.slug, description: MOSAIC_LABELS.description },
    extra: imageChanges,
  },
  async inputFromSnapshot(_db, s) {
    if (typeof s.title !== 'string' || !Array.isArray(s.images) || typeof s.cover !== 'object' || s.cover === null) {
      return refused.bad('Cette révision est illisible.', 'revisionId');
    }
    return {
      ok: true,
      value: {
        title: s.title,
        slug: typeof s.slug === 'string' ? s.slug : undefined,
        description: String(s.description ?? ''),
        cover: s.cover as Image,
        images: s.images as MosaicImage[],
      },
    };
  },
  revisions: mosaicRevisionStore,
  createDetail: (row) => ({ slug: row.url }),
  saveDetail: (before, after) => (after.url !== before.url ? { detail: { fromSlug: before.url, toSlug: after.url } } : {}),
  toAdmin: toAdminMosaic,
  // Pasted HTML or a script address is recorded with who tried, as the articles' body.
  auditedRefusal: (field) => ['title', 'description', 'cover'].includes(field) || field.startsWith('images.'),
};
