import { desc } from 'drizzle-orm';
import type { InstagramPost } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { instagramPosts } from '../../db/schema.ts';
import { publishedRows } from './publishedRows.ts';

/** The published posts, newest first (drafts, scheduled and unpublished posts stay hidden). */
export async function listInstagramPosts(db: Database, page: { limit: number; offset: number }): Promise<InstagramPost[]> {
  const rows = await publishedRows(db, instagramPosts, [desc(instagramPosts.postedAt), desc(instagramPosts.id)], page);
  return rows.map(toInstagramPost);
}

/** A post's row as the Instagram page reads it, whatever its state (the newsroom's preview shows drafts). */
export function toInstagramPost(row: typeof instagramPosts.$inferSelect): InstagramPost {
  return {
    id: row.id,
    shortcode: row.shortcode,
    caption: row.caption,
    image: row.image,
    permalink: row.permalink,
    postedAt: row.postedAt.toISOString(),
    likes: row.likes,
  };
}
