/** Reading repartee generators in the newsroom: one row, its admin shape, the list. */
import { min } from 'drizzle-orm';
import type { components } from '../../../api/generated/schema';
import type { Database } from '../../../db/client.ts';
import { reparteeGenerators } from '../../../db/schema.ts';
import { staffName } from '../articles/articleQueries.ts';
import { columnsOf, editorialAdminFields, editorialListFields, editorialTable, type RowOf } from '../workflow/editorialTable.ts';

export type GeneratorRow = RowOf<typeof reparteeGenerators>;
export type AdminGenerator = components['schemas']['AdminGenerator'];
export type AdminGeneratorList = components['schemas']['AdminGeneratorList'];

/** The public page of a generator (and of its replies, with `?replique=`). */
export const generatorPath = (slug: string) => `/generateur-de-repartie/${slug}`;

export const generatorRows = editorialTable(reparteeGenerators);

/** A new generator's rank: before every other (readers list them by position). */
export async function firstGeneratorPosition(db: Database): Promise<number> {
  const [first] = await db.select({ position: min(reparteeGenerators.position) }).from(reparteeGenerators);
  return (first?.position ?? 1) - 1;
}

export async function toAdminGenerator(db: Database, row: GeneratorRow): Promise<AdminGenerator> {
  const own = columnsOf(row, 'title', 'description', 'image', 'replies');
  return {
    ...editorialAdminFields(row),
    ...own,
    slug: row.url,
    fullUrl: generatorPath(row.url),
    updatedByName: await staffName(db, row.updatedBy),
  };
}

/** One row of the newsroom's list. */
export const toGeneratorSummary = (r: GeneratorRow): AdminGeneratorList['results'][number] => ({
  ...editorialListFields(r),
  slug: r.url,
  title: r.title,
  replyCount: r.replies.length,
  scheduledAt: r.scheduledAt?.toISOString() ?? null,
  publishedAt: r.publishedAt?.toISOString() ?? null,
});
