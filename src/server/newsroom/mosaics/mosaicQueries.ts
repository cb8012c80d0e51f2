/** Reading mosaics in the newsroom: one row, its admin shape, the list newest first. */
import { and, count, desc, eq, or, type SQL } from 'drizzle-orm';
import type { AdminMosaic, AdminMosaicSummary } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { mosaics, type NewsroomStatus } from '../../../db/schema.ts';
import { staffName } from '../articles/articleQueries.ts';

export type MosaicRow = typeof mosaics.$inferSelect;

export const mosaicPath = (slug: string) => `/mosaique/${slug}`;

export async function findMosaicRow(db: Database, id: number): Promise<MosaicRow | null> {
  const [row] = await db.select().from(mosaics).where(eq(mosaics.id, id));
  return row ?? null;
}

export async function toAdminMosaic(db: Database, row: MosaicRow): Promise<AdminMosaic> {
  return {
    id: row.id,
    status: row.status,
    version: row.version,
    url: row.url,
    title: row.title,
    description: row.description,
    cover: row.cover,
    images: row.images,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdById: row.createdBy,
    updatedByName: await staffName(db, row.updatedBy),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listAdminMosaics(
  db: Database,
  filter: { status?: NewsroomStatus; readableBy?: number | null; limit: number; offset: number },
): Promise<{ total: number; results: AdminMosaicSummary[] }> {
  const where: SQL[] = [];
  if (filter.readableBy != null) {
    const readable = or(eq(mosaics.createdBy, filter.readableBy), eq(mosaics.status, 'published'));
    if (readable) where.push(readable);
  }
  if (filter.status) where.push(eq(mosaics.status, filter.status));
  const condition = where.length > 0 ? and(...where) : undefined;
  const rows = await db
    .select()
    .from(mosaics)
    .where(condition)
    .orderBy(desc(mosaics.updatedAt), desc(mosaics.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db.select({ n: count() }).from(mosaics).where(condition);
  return {
    total: total?.n ?? 0,
    results: rows.map((r) => ({
      id: r.id,
      status: r.status,
      version: r.version,
      url: r.url,
      title: r.title,
      cover: r.cover,
      imageCount: r.images.length,
      createdById: r.createdBy,
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}
