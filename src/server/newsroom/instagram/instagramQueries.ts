/** Reading the Instagram feed in the newsroom: one row, its admin shape, the list (newest first, as readers see it). */
import { desc } from 'drizzle-orm';
import type { AdminInstagramPost } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { instagramPosts } from '../../../db/schema.ts';
import { staffName } from '../articles/articleQueries.ts';
import { editorialAdminFields, editorialTable, type ListFilter, type RowOf } from '../workflow/editorialTable.ts';

export type InstagramRow = RowOf<typeof instagramPosts>;

export const instagramRows = editorialTable(instagramPosts, { order: [desc(instagramPosts.postedAt), desc(instagramPosts.id)] });
export const findInstagramRow = instagramRows.find;

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

export async function listAdminInstagramPosts(db: Database, filter: ListFilter) {
  const { total, rows } = await instagramRows.page(db, filter);
  return {
    total,
    results: rows.map((r) => ({
      id: r.id,
      status: r.status,
      version: r.version,
      caption: r.caption,
      image: r.image,
      link: r.permalink,
      postedAt: r.postedAt.toISOString(),
      createdById: r.createdBy,
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}
