/**
 * Bylines as readers see them (issue 36): an author's page, /auteur/<slug>, with their name, role, bio and
 * photo, and the published articles they sign, alone or with others (articles.author_id or article_bylines).
 */
import { type AnyColumn, asc, eq, exists, type SQL, sql } from 'drizzle-orm';
import type { AuthorProfile } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { articleBylines, articles, authors } from '../../db/schema.ts';

export interface PublicAuthor {
  id: number;
  profile: AuthorProfile;
}

export function toAuthorProfile(row: typeof authors.$inferSelect): AuthorProfile {
  return { slug: row.slug, name: row.name, role: row.role, bio: row.bio, photo: row.photo ?? null };
}

/** The author with this slug, or null. Every byline has a page, even before its first article. */
export async function findAuthor(db: Database, slug: string): Promise<PublicAuthor | null> {
  const [row] = await db.select().from(authors).where(eq(authors.slug, slug)).limit(1);
  return row ? { id: row.id, profile: toAuthorProfile(row) } : null;
}

/** SQL: the published article `articleId` is signed by the author `authorId` (first author or any byline). */
export function signedBy(articleId: AnyColumn, authorId: AnyColumn | number): SQL {
  return sql`(${articles.authorId} = ${authorId} or exists (select 1 from ${articleBylines} where ${articleBylines.articleId} = ${articleId} and ${articleBylines.authorId} = ${authorId}))`;
}

/** Authors who sign at least one published article (the sitemap's author pages), by slug. */
export async function listPublishedAuthors(db: Database): Promise<{ slug: string }[]> {
  const signed = db.select({ one: sql`1` }).from(articles).where(signedBy(articles.id, authors.id));
  return db.select({ slug: authors.slug }).from(authors).where(exists(signed)).orderBy(asc(authors.slug));
}
