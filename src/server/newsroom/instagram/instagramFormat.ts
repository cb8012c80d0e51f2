/**
 * Instagram posts as a format of the editorial workflow (workflow/editorialWorkflow.ts): their own fields
 * only — image and its alt, caption, link — how they are checked, written, snapshotted and restored. One
 * row is both the working copy and the readers' post: the reader query (content/instagram.server.ts) reads
 * the published rows, newest `posted_at` first; publishing dates the post (its first publication).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { AdminInstagramPost, Image, InstagramPostDraftInput } from '../../../api/types.ts';
import { instagramPostRevisions, instagramPosts } from '../../../db/schema.ts';
import { type NewsroomResult, refused } from '../newsroomResult.ts';
import { revisionStoreOf } from '../workflow/editorialTable.ts';
import type { EditorialFormat } from '../workflow/editorialWorkflow.ts';
import { type Change, showValue } from '../workflow/revisions.ts';
import { type CheckedInstagramPost, checkInstagramInput, INSTAGRAM_LABELS, shortcodeOf } from './instagramContent.ts';
import { findInstagramRow, type InstagramRow, toAdminInstagramPost } from './instagramQueries.ts';

/** The checked fields and the shortcode the row will have (the link's, or one of its own). */
type Checked = CheckedInstagramPost & { shortcode: string };

const instagramRevisionStore = revisionStoreOf(instagramPostRevisions);

function imageChanges(before: Record<string, unknown> | null, after: Record<string, unknown>): Change[] {
  const changes: Change[] = [];
  const a = before?.image as Image | undefined;
  const b = after.image as Image | undefined;
  if (showValue(a?.url) !== showValue(b?.url))
    changes.push({ field: INSTAGRAM_LABELS.image, before: showValue(a?.url), after: showValue(b?.url) });
  if (showValue(a?.alt) !== showValue(b?.alt))
    changes.push({ field: INSTAGRAM_LABELS.alt, before: showValue(a?.alt), after: showValue(b?.alt) });
  return changes;
}

/** What the revision list shows as a post's title: its caption's first line, cut. */
const titleOf = (caption: string) => {
  const line = caption.split('\n')[0] ?? '';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
};

export const instagramFormat: EditorialFormat<InstagramRow, InstagramPostDraftInput, Checked, AdminInstagramPost> = {
  entity: 'instagram',
  thisItem: 'ce post',
  find: findInstagramRow,
  async check(db, _who, input, current): Promise<NewsroomResult<Checked>> {
    const checked = checkInstagramInput(input);
    if (!checked.ok) return checked;
    const fromLink = shortcodeOf(checked.value.link);
    // A link without a post code (a profile, a story) keeps the code the post already has, or gets one.
    const shortcode =
      fromLink ?? (current && !shortcodeOf(current.permalink) ? current.shortcode : `redaction-${randomBytes(6).toString('hex')}`);
    if (fromLink) {
      const clash = current
        ? and(eq(instagramPosts.shortcode, fromLink), ne(instagramPosts.id, current.id))
        : eq(instagramPosts.shortcode, fromLink);
      const [other] = await db.select({ id: instagramPosts.id }).from(instagramPosts).where(clash);
      if (other) return refused.bad('Ce post Instagram est déjà dans le fil : modifiez celui qui existe.', 'link');
    }
    return { ok: true, value: { ...checked.value, shortcode } };
  },

  async insert(db, who, _input, checked, now) {
    const [row] = await db
      .insert(instagramPosts)
      .values({
        caption: checked.caption,
        image: checked.image,
        permalink: checked.link,
        shortcode: checked.shortcode,
        likes: 0,
        // A draft is dated by its creation; its first publication dates it again.
        postedAt: now,
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

  async update(db, who, row, _input, checked, now) {
    const [updated] = await db
      .update(instagramPosts)
      .set({
        caption: checked.caption,
        image: checked.image,
        permalink: checked.link,
        shortcode: checked.shortcode,
        version: row.version + 1,
        updatedBy: who.id,
        updatedAt: now,
      })
      // The version in the WHERE clause: two saves racing on the same version, one wins.
      .where(and(eq(instagramPosts.id, row.id), eq(instagramPosts.version, row.version)))
      .returning();
    return updated ? { ok: true, value: updated } : null;
  },

  async setStatus(db, who, row, change, now) {
    const [updated] = await db
      .update(instagramPosts)
      .set({
        status: change.status,
        version: row.version + 1,
        scheduledAt: change.scheduledAt,
        publishedAt: change.publishedAt,
        ...(who ? { updatedBy: who.id } : {}),
        updatedAt: now,
      })
      .where(and(eq(instagramPosts.id, row.id), eq(instagramPosts.version, row.version), eq(instagramPosts.status, row.status)))
      .returning();
    return updated ?? null;
  },

  // Readers read the row while it is published, dated by its first publication (a re-publication keeps it).
  async publish(db, row, now) {
    await db
      .update(instagramPosts)
      .set({ postedAt: row.publishedAt ?? now })
      .where(eq(instagramPosts.id, row.id));
  },
  async withdraw() {},

  async snapshot(_db, row) {
    return { title: titleOf(row.caption), caption: row.caption, image: row.image, link: row.permalink };
  },
  snapshotFields: {
    names: { caption: INSTAGRAM_LABELS.caption, link: INSTAGRAM_LABELS.link },
    extra: imageChanges,
  },
  async inputFromSnapshot(_db, s) {
    const image = s.image as Image | undefined;
    if (typeof s.caption !== 'string' || typeof s.link !== 'string' || !image || typeof image.url !== 'string') {
      return refused.bad('Cette révision est illisible.', 'revisionId');
    }
    return { ok: true, value: { caption: s.caption, image, link: s.link } };
  },
  revisions: instagramRevisionStore,
  createDetail: (row) => ({ shortcode: row.shortcode }),
  toAdmin: toAdminInstagramPost,
  auditedRefusal: (field) => ['caption', 'link', 'image.alt', 'image.url'].includes(field),
};
