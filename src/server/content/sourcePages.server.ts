/**
 * The live source's pages as readers see them (issue 35, decision 036). A page is read at `/{slug}` only when the
 * address is its own: the front's own pages and machinery (`reservedPathReason`: `/mission`, `/equipe`, `/tag`…)
 * and a category of the same slug come first, and a page they shadow is not found here either — not by the API,
 * not in the sitemap — so that no answer names an address that shows something else.
 */
import { and, asc, eq, notExists } from 'drizzle-orm';
import type { SourcePage } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { categories, sourcePages } from '../../db/schema.ts';
import { reservedPathReason } from '../redirects/redirectPaths.ts';
import { sourcePageAddress } from '../import/sourcePageWriter.ts';

type Row = typeof sourcePages.$inferSelect;

function toSourcePage(row: Row): SourcePage {
  return {
    slug: row.slug,
    path: sourcePageAddress(row.slug),
    title: row.title,
    subtitle: row.subtitle,
    mainImage: row.mainImage ?? null,
    body: row.body,
    publishedAt: row.publishedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    seo: { title: row.seoTitle, description: row.seoDescription },
  };
}

const categoryOfSameSlug = (db: Database) =>
  notExists(db.select({ id: categories.id }).from(categories).where(eq(categories.slug, sourcePages.slug)));

const ownAddress = (slug: string) => reservedPathReason(sourcePageAddress(slug)) === null;

/** The published page at `/{slug}`, or null (unknown, withdrawn, or its address taken by the front). */
export async function findSourcePage(db: Database, slug: string): Promise<SourcePage | null> {
  if (!ownAddress(slug)) return null;
  const [row] = await db
    .select()
    .from(sourcePages)
    .where(and(eq(sourcePages.slug, slug), eq(sourcePages.status, 'published'), categoryOfSameSlug(db)))
    .limit(1);
  return row ? toSourcePage(row) : null;
}

/** Every page readers can reach (the sitemap), by slug. */
export async function listSourcePages(db: Database): Promise<{ path: string; updatedAt: Date }[]> {
  const rows = await db
    .select({ slug: sourcePages.slug, updatedAt: sourcePages.updatedAt })
    .from(sourcePages)
    .where(and(eq(sourcePages.status, 'published'), categoryOfSameSlug(db)))
    .orderBy(asc(sourcePages.slug));
  return rows.filter((row) => ownAddress(row.slug)).map((row) => ({ path: sourcePageAddress(row.slug), updatedAt: row.updatedAt }));
}
