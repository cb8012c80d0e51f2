/** Reading the Instagram feed in the newsroom: one row, its admin shape, the list (newest first, as readers see it). */
import { desc } from 'drizzle-orm';
import type { AdminInstagramPost } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { instagramPosts } from '../../../db/schema.ts';
import { staffName } from '../articles/articleQueries.ts';
import { editorialAdminFields, editorialTable, type RowOf } from '../workflow/editorialTable.ts';

export type InstagramRow = RowOf<typeof instagramPosts>;

export const instagramRows = editorialTable(instagramPosts, { order: [desc(instagramPosts.postedAt), desc(instagramPosts.id)] });

export async function toAdminInstagramPost(db: Database, row: InstagramRow): Promise<AdminInstagramPost> {
  return {
    ...editorialAdminFields(row),
    caption: row.caption,
    image: row.image,
    link: row.permalink,
    shortcode: row.shortcode,
    postedAt: row.postedAt.toISOString(),
    updatedByName: await staffName(db, row.updatedBy),
  };
}

/** One row of the newsroom's list. */
export const toInstagramSummary = (r: InstagramRow) => ({
  id: r.id,
  status: r.status,
  version: r.version,
  caption: r.caption,
  image: r.image,
  link: r.permalink,
  postedAt: r.postedAt.toISOString(),
  createdById: r.createdBy,
  updatedAt: r.updatedAt.toISOString(),
});
