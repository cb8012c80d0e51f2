/**
 * What a change of one article touches, as cache tags (decision 032): the article itself, the lists it is
 * or was in (the latest articles, its category, its tags, its authors, the best-of when ranked there) and
 * the home. Read from the reader copy before and after the write: a category, tag, author or slug that
 * changed is purged under its old name and its new one.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { articleBylines, articles, articleTags, authors, categories, tags } from '../../../db/schema.ts';
import { cacheTag } from '../../cache/cacheTags.ts';

/** The tags readers' pages of article `id` carry now (only `a:id` while it is not published). */
export async function articleCacheTags(db: Database, id: number): Promise<string[]> {
  const found: string[] = [cacheTag.article(id)];
  const [row] = await db
    .select({ category: categories.slug, bestofRank: articles.bestofRank })
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(eq(articles.id, id))
    .limit(1);
  if (!row) return found;
  found.push(cacheTag.category(row.category), cacheTag.articles, cacheTag.home);
  if (row.bestofRank !== null) found.push(cacheTag.bestof);
  const bylines = await db
    .select({ slug: authors.slug })
    .from(articleBylines)
    .innerJoin(authors, eq(authors.id, articleBylines.authorId))
    .where(eq(articleBylines.articleId, id));
  for (const { slug } of bylines) found.push(cacheTag.author(slug));
  const [first] = await db
    .select({ slug: authors.slug })
    .from(articles)
    .innerJoin(authors, eq(authors.id, articles.authorId))
    .where(eq(articles.id, id));
  if (first) found.push(cacheTag.author(first.slug));
  const tagged = await db
    .select({ slug: tags.slug })
    .from(articleTags)
    .innerJoin(tags, eq(tags.id, articleTags.tagId))
    .where(and(eq(articleTags.articleId, id), eq(tags.internal, false)));
  for (const { slug } of tagged) found.push(cacheTag.tag(slug));
  return found;
}

/**
 * Runs `write` on article `id` and answers its outcome with the tags it touched (before ∪ after). The
 * lists an article is in are always among them: a list changes when one of its cards does.
 */
export async function withArticleCacheTags<T>(db: Database, id: number, write: () => Promise<T>): Promise<{ outcome: T; tags: string[] }> {
  const before = await articleCacheTags(db, id);
  const outcome = await write();
  const after = await articleCacheTags(db, id);
  return { outcome, tags: [...new Set([...before, ...after])] };
}
