/**
 * Instagram posts as a format of the editorial workflow (workflow/editorialWorkflow.ts): their own fields
 * only — image and its alt, caption, link — how they are checked, written, snapshotted and restored. One
 * row is both the working copy and the readers' post: the reader query (content/instagram.server.ts) reads
 * the published rows, newest `posted_at` first; publishing dates the post (its first publication).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { Image, InstagramPostDraftInput } from '../../../api/types.ts';
import { instagramPostRevisions, instagramPosts } from '../../../db/schema.ts';
import { type NewsroomResult, refused } from '../newsroomResult.ts';
import { instagramDeclaration } from '../../../formats/instagramFormat.ts';
import { tableFormat } from '../workflow/editorialTable.ts';
import { type Change, showValue } from '../workflow/revisions.ts';
import { type CheckedInstagramPost, checkInstagramInput, INSTAGRAM_LABELS, shortcodeOf } from './instagramContent.ts';
import type { Database } from '../../../db/client.ts';
import { type InstagramRow, instagramRows, toAdminInstagramPost } from './instagramQueries.ts';
import { withItsImage } from '../libraryImage.ts';

/** The checked fields and the shortcode the row will have (the link's, or one of its own). */
type Checked = CheckedInstagramPost & { shortcode: string };

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

/** The checked fields and the post's code: a post is in the feed once. */
async function checkPost(db: Database, input: InstagramPostDraftInput, current: InstagramRow | null): Promise<NewsroomResult<Checked>> {
  const checked = await withItsImage(db, checkInstagramInput(input), input, current);
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
}

/** The row's own columns from a checked post (the link is the post's permalink). */
function ownColumns(checked: Checked) {
  return { caption: checked.caption, image: checked.image, permalink: checked.link, shortcode: checked.shortcode };
}

export const instagramFormat = tableFormat({
  declaration: instagramDeclaration,
  rows: instagramRows,
  revisions: instagramPostRevisions,
  check: (db, _who, input: InstagramPostDraftInput, current) => checkPost(db, input, current),
  created: (_db, _input, checked: Checked, _slug, now) => ({
    ...ownColumns(checked),
    likes: 0,
    // A draft is dated by its creation; its first publication dates it again.
    postedAt: now,
  }),
  saved: (_db, _row, _input, checked) => ownColumns(checked),

  // Readers read the row while it is published, dated by its first publication (a re-publication keeps it).
  async publish(db, row, now) {
    await db
      .update(instagramPosts)
      .set({ postedAt: row.publishedAt ?? now })
      .where(eq(instagramPosts.id, row.id));
  },

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
  createDetail: (row) => ({ shortcode: row.shortcode }),
  toAdmin: toAdminInstagramPost,
  auditedRefusal: (field) => ['caption', 'link', 'image.alt', 'image.url'].includes(field),
});
