import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { articles, categories } from '../db/schema.ts';

/** A published article of the seeded demo content, and its address on the site (`/<category>/<url>`). */
export async function seededArticle(db: Database): Promise<{ id: number; address: string }> {
  const [row] = await db
    .select({ id: articles.id, url: articles.url, slug: categories.slug })
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .limit(1);
  if (!row) throw new Error('no seeded article');
  return { id: row.id, address: `/${row.slug}/${row.url}` };
}
