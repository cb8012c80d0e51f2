/**
 * Tags as readers see them (issue 20): only public ones. An internal tag (Ghost's `#` tags) answers like an
 * unknown one everywhere, so that its name never reaches a page, a list or the sitemap.
 */
import { and, asc, eq, exists, not } from 'drizzle-orm';
import type { Tag } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { articles, articleTags, tags } from '../../db/schema.ts';

export interface PublicTag extends Tag {
  id: number;
}

export function toTag(row: { slug: string; name: string }): Tag {
  return { slug: row.slug, name: row.name };
}

/** The public tag with this slug, or null (unknown or internal alike). */
export async function findPublicTag(db: Database, slug: string): Promise<PublicTag | null> {
  const [row] = await db
    .select({ id: tags.id, slug: tags.slug, name: tags.name })
    .from(tags)
    .where(and(eq(tags.slug, slug), not(tags.internal)))
    .limit(1);
  return row ?? null;
}

/** Public tags with at least one published article (the sitemap's tag pages), by slug. */
export async function listPublishedTags(db: Database): Promise<Tag[]> {
  const published = db
    .select({ one: articleTags.tagId })
    .from(articleTags)
    .innerJoin(articles, eq(articles.id, articleTags.articleId))
    .where(eq(articleTags.tagId, tags.id));
  const rows = await db
    .select({ slug: tags.slug, name: tags.name })
    .from(tags)
    .where(and(not(tags.internal), exists(published)))
    .orderBy(asc(tags.slug));
  return rows.map(toTag);
}
