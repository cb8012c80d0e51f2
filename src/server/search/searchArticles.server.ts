/**
 * French search over articles, the same SQL on PGlite and PostgreSQL:
 * 1. full text (configuration piquante_fr: accent-free French stems), the last word as a prefix.
 *    Order: exact title, then every word in the title, then in title or subtitle, then rank
 *    (title A > subtitle B > body C), then recency;
 * 2. when that finds nothing, typo tolerance: trigram word similarity on the accent-free title.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { ArticleCard } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { articles, categories } from '../../db/schema.ts';
import { articleCardColumns, toArticleCard } from '../articles/articles.server.ts';
import { parseSearchTerms, toTsQuerySource } from './searchQuery.ts';

/** Word similarity needed for a typo to count (0.5 lets 'biarits' find 'Biarritz'). */
const TYPO_SIMILARITY = 0.5;

export async function searchArticles(db: Database, rawQuery: string, limit: number): Promise<ArticleCard[]> {
  const terms = parseSearchTerms(rawQuery);
  const source = toTsQuerySource(terms);
  if (source) {
    const query = sql`to_tsquery('piquante_fr', ${source})`;
    const inTitle = sql`${articles.searchVector} @@ to_tsquery('piquante_fr', ${toTsQuerySource(terms, 'A')})`;
    const inTitleOrSubtitle = sql`${articles.searchVector} @@ to_tsquery('piquante_fr', ${toTsQuerySource(terms, 'AB')})`;
    const exact = sql`piquante_fold(${articles.title}) = piquante_fold(${terms.text})`;
    const rows = await db
      .select(articleCardColumns)
      .from(articles)
      .innerJoin(categories, eq(articles.categoryId, categories.id))
      .where(sql`${articles.searchVector} @@ ${query}`)
      .orderBy(
        desc(exact),
        desc(inTitle),
        desc(inTitleOrSubtitle),
        desc(sql`ts_rank(${articles.searchVector}, ${query})`),
        desc(articles.publishedAt),
        desc(articles.id),
      )
      .limit(limit);
    if (rows.length > 0) return rows.map(toArticleCard);
  }
  if (terms.text.length === 0) return [];
  const folded = sql`piquante_fold(${terms.text})`;
  // The threshold is a setting: set it for this transaction only, so the trigram index is used.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`);
    const rows = await tx
      .select(articleCardColumns)
      .from(articles)
      .innerJoin(categories, eq(articles.categoryId, categories.id))
      .where(sql`${folded} <% piquante_fold(${articles.title})`)
      .orderBy(
        desc(sql`word_similarity(${folded}, piquante_fold(${articles.title}))`),
        desc(articles.publishedAt),
        desc(articles.id),
      )
      .limit(limit);
    return rows.map(toArticleCard);
  });
}
