/** Reading repartee generators in the newsroom: one row, its admin shape, the list. */
import { and, count, desc, eq, or, type SQL } from 'drizzle-orm';
import type { components } from '../../../api/generated/schema';
import type { Database } from '../../../db/client.ts';
import { type NewsroomStatus, reparteeGenerators } from '../../../db/schema.ts';
import { staffName } from '../articles/articleQueries.ts';

export type GeneratorRow = typeof reparteeGenerators.$inferSelect;
export type AdminGenerator = components['schemas']['AdminGenerator'];
export type AdminGeneratorList = components['schemas']['AdminGeneratorList'];

/** The public page of a generator (and of its replies, with `?replique=`). */
export const generatorPath = (slug: string) => `/generateur-de-repartie/${slug}`;

export async function findGeneratorRow(db: Database, id: number): Promise<GeneratorRow | null> {
  const [row] = await db.select().from(reparteeGenerators).where(eq(reparteeGenerators.id, id));
  return row ?? null;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

export async function toAdminGenerator(db: Database, row: GeneratorRow): Promise<AdminGenerator> {
  return {
    id: row.id,
    slug: row.url,
    status: row.status,
    version: row.version,
    title: row.title,
    description: row.description,
    image: row.image,
    replies: row.replies,
    scheduledAt: iso(row.scheduledAt),
    publishedAt: iso(row.publishedAt),
    fullUrl: generatorPath(row.url),
    createdById: row.createdBy,
    updatedByName: await staffName(db, row.updatedBy),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listAdminGenerators(
  db: Database,
  filter: { status?: NewsroomStatus; readableBy?: number | null; limit: number; offset: number },
): Promise<AdminGeneratorList> {
  const where: SQL[] = [];
  if (filter.readableBy != null) {
    const readable = or(eq(reparteeGenerators.createdBy, filter.readableBy), eq(reparteeGenerators.status, 'published'));
    if (readable) where.push(readable);
  }
  if (filter.status) where.push(eq(reparteeGenerators.status, filter.status));
  const condition = where.length > 0 ? and(...where) : undefined;
  const rows = await db
    .select()
    .from(reparteeGenerators)
    .where(condition)
    .orderBy(desc(reparteeGenerators.updatedAt), desc(reparteeGenerators.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db.select({ n: count() }).from(reparteeGenerators).where(condition);
  return {
    total: total?.n ?? 0,
    results: rows.map((r) => ({
      id: r.id,
      slug: r.url,
      status: r.status,
      version: r.version,
      title: r.title,
      replyCount: r.replies.length,
      scheduledAt: iso(r.scheduledAt),
      publishedAt: iso(r.publishedAt),
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}
