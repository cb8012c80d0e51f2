/** Reading the Instagram feed in the newsroom: one row, its admin shape, the list (newest first, as readers see it). */
import { desc } from 'drizzle-orm';
import type { AdminInstagramPost } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { instagramPosts } from '../../../db/schema.ts';
import { staffName } from '../articles/articleQueries.ts';
import { columnsOf, editorialAdminFields, editorialListFields, editorialTable, type RowOf } from '../workflow/editorialTable.ts';

export type InstagramRow = RowOf<typeof instagramPosts>;

export const instagramRows = editorialTable(instagramPosts, { order: [desc(instagramPosts.postedAt), desc(instagramPosts.id)] });

export async function toAdminInstagramPost(db: Database, row: InstagramRow): Promise<AdminInstagramPost> {
  const own = { ...columnsOf(row, 'caption', 'image', 'shortcode'), link: row.permalink, postedAt: row.postedAt.toISOString() };
  return { ...editorialAdminFields(row), ...own, updatedByName: await staffName(db, row.updatedBy) };
}

/** One row of the newsroom's list. */
export const toInstagramSummary = (r: InstagramRow) => ({
  ...editorialListFields(r),
  ...columnsOf(r, 'caption', 'image'),
  link: r.permalink,
  postedAt: r.postedAt.toISOString(),
  createdById: r.createdBy,
});
