/** Reading the Instagram feed in the newsroom: one row, its admin shape, the list (newest first, as readers see it). */
import { and, count, desc, eq, or, type SQL } from 'drizzle-orm';
import type { AdminInstagramPost } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { instagramPosts, type NewsroomStatus } from '../../../db/schema.ts';
import { staffName } from '../articles/articleQueries.ts';

export type InstagramRow = typeof instagramPosts.$inferSelect;

export async function findInstagramRow(db: Database, id: number): Promise<InstagramRow | null> {
  const [row] = await db.select().from(instagramPosts).where(eq(instagramPosts.id, id));
  return row ?? null;
}

export async function toAdminInstagramPost(db: Database, row: InstagramRow): Promise<AdminInstagramPost> {
  return {
    id: row.id,
    status: row.status,
    version: row.version,
    caption: row.caption,
    image: row.image,
    link: row.permalink,
    shortcode: row.shortcode,
    postedAt: row.postedAt.toISOString(),
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdById: row.createdBy,
    updatedByName: await staffName(db, row.updatedBy),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listAdminInstagramPosts(
  db: Database,
  filter: { status?: NewsroomStatus; readableBy?: number | null; limit: number; offset: number },
) {
  const where: SQL[] = [];
  if (filter.readableBy != null) {
    const readable = or(eq(instagramPosts.createdBy, filter.readableBy), eq(instagramPosts.status, 'published'));
    if (readable) where.push(readable);
  }
  if (filter.status) where.push(eq(instagramPosts.status, filter.status));
  const condition = where.length > 0 ? and(...where) : undefined;
  const rows = await db
    .select()
    .from(instagramPosts)
    .where(condition)
    .orderBy(desc(instagramPosts.postedAt), desc(instagramPosts.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db.select({ n: count() }).from(instagramPosts).where(condition);
  return {
    total: total?.n ?? 0,
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
