/**
 * The best-of selection (issue 19): which published articles the home page's « best-of » shows, in which
 * order (articles.bestof_rank on the readers' copy). Not a document with drafts: a choice among what is
 * already published, saved whole (selections/selectionWrite.ts: version fingerprint, 409, lock).
 */
import { asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { AdminBestof } from '../../../api/types.ts';
import { appConfig } from '../../../../app.config.ts';
import type { Database } from '../../../db/client.ts';
import { articles, categories } from '../../../db/schema.ts';
import { audit } from '../audit.server.ts';
import { type NewsroomResult, refused } from '../newsroomResult.ts';
import { selectionVersion, writeSelection } from '../selections/selectionWrite.ts';
import type { StaffMember } from '../staff.server.ts';

/** The contract's shape (AdminBestof): what the newsroom reads and saves. */
export type BestofSelection = AdminBestof;

const bestof = { lock: 0x62657374, what: 'la sélection', versionOf: async (db: Database) => (await readSelection(db)).version };

async function readSelection(db: Database): Promise<BestofSelection> {
  const rows = await db
    .select({
      id: articles.id,
      title: articles.title,
      url: articles.url,
      categorySlug: categories.slug,
      categoryName: categories.name,
      publishedAt: articles.publishedAt,
      rank: articles.bestofRank,
    })
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(isNotNull(articles.bestofRank))
    .orderBy(asc(articles.bestofRank), desc(articles.id));
  const version = selectionVersion(rows.map((row) => `${row.id}:${row.rank}`));
  return {
    articles: rows.map((row) => ({
      id: row.id,
      title: row.title,
      fullUrl: `/${row.categorySlug}/${row.url}`,
      categoryName: row.categoryName,
      publishedAt: row.publishedAt.toISOString(),
    })),
    version,
  };
}

export const getBestofSelection = readSelection;

export async function saveBestofSelection(
  db: Database,
  who: StaffMember,
  ids: readonly number[],
  basedOn: string,
  now: Date,
): Promise<NewsroomResult<BestofSelection>> {
  if (ids.length > appConfig.newsroom.bestofMaxArticles) {
    return refused.bad(`La sélection compte au plus ${appConfig.newsroom.bestofMaxArticles} articles.`, 'ids');
  }
  if (new Set(ids).size !== ids.length) return refused.bad('Un article figure deux fois dans la sélection.', 'ids');
  return writeSelection(db, bestof, basedOn, async (tx) => {
    const published =
      ids.length > 0
        ? await tx
            .select({ id: articles.id })
            .from(articles)
            .where(inArray(articles.id, [...ids]))
        : [];
    const missing = ids.find((id) => !published.some((row) => row.id === id));
    if (missing !== undefined)
      return refused.bad(`L’article n° ${missing} n’est pas publié : il ne peut pas entrer dans la sélection.`, 'ids');
    await tx.update(articles).set({ bestofRank: null }).where(isNotNull(articles.bestofRank));
    for (const [index, id] of ids.entries()) {
      await tx
        .update(articles)
        .set({ bestofRank: index + 1 })
        .where(eq(articles.id, id));
    }
    await audit(tx, who, { action: 'bestof.save', entity: 'bestof', detail: { ids: [...ids] } }, now);
    return { ok: true, value: await readSelection(tx) };
  });
}
