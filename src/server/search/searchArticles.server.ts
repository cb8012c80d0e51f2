/**
 * French search over articles, the same SQL on PGlite and PostgreSQL (decision 003).
 * Full text (configuration piquante_fr: accent-free French stems; the last word as a prefix), read
 * in tiers: exact title, then title, then subtitle, then body — each tier newest first, each one a
 * small LIMIT query the planner can answer from an index. When nothing matches, typo tolerance:
 * trigram word similarity on the accent-free title.
 */
import { and, desc, eq, notInArray, type SQL, sql } from 'drizzle-orm';
import type { ArticleCard } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { articles, categories } from '../../db/schema.ts';
import { articleCardColumns, toArticleCard } from '../articles/articles.server.ts';
import { parseSearchTerms, toTsQuerySource } from './searchQuery.ts';

/** Word similarity needed for a typo to count (0.5 lets 'biarits' find 'Biarritz'). */
const TYPO_SIMILARITY = 0.5;

/**
 * Each tier is read newest first, so when the most recent weeks already hold enough matches they
 * are exactly the answer: a frequent word ('robe') then costs a few dozen rows, not thousands.
 */
const RECENT_WINDOW_DAYS = 60;

/**
 * Newest matches first. `collectMatches` orders by an expression the recency index cannot serve,
 * so PostgreSQL collects the matches from the full-text index and sorts them; otherwise, for a word
 * that matches nothing, it may walk the whole recency index hoping to find 12 (seen: 1 s at 100 000).
 */
function selectCards(db: Database, where: SQL | undefined, limit: number, collectMatches: boolean) {
  const newest = collectMatches ? sql`${articles.publishedAt} + interval '0 seconds'` : articles.publishedAt;
  return db
    .select(articleCardColumns)
    .from(articles)
    .innerJoin(categories, eq(articles.categoryId, categories.id))
    .where(where)
    .orderBy(desc(newest), desc(articles.id))
    .limit(limit);
}

export async function searchArticles(db: Database, rawQuery: string, limit: number): Promise<ArticleCard[]> {
  const terms = parseSearchTerms(rawQuery);
  if (terms.text.length === 0) return [];
  const source = toTsQuerySource(terms);
  const found: ArticleCard[] = [];
  if (source) {
    const query = sql`to_tsquery('piquante_fr', ${source})`;
    const tiers: SQL[] = [
      sql`piquante_fold(${articles.title}) = piquante_fold(${terms.text})`,
      sql`${articles.titleVector} @@ ${query}`,
      sql`${articles.subtitleVector} @@ ${query}`,
      sql`${articles.searchVector} @@ ${query}`,
    ];
    const recent = sql`${articles.publishedAt} >= (select max(${articles.publishedAt}) from ${articles}) - make_interval(days => ${RECENT_WINDOW_DAYS})`;
    for (const [index, tier] of tiers.entries()) {
      const seen = found.map((article) => article.id);
      const where = seen.length > 0 ? and(tier, notInArray(articles.id, seen)) : tier;
      const wanted = limit - found.length;
      // The exact-title tier is one index lookup: no window needed.
      // The window is bounded, so there the planner may walk the recency index.
      let rows = index === 0 ? [] : await selectCards(db, and(where, recent), wanted, false);
      if (rows.length < wanted) rows = await selectCards(db, where, wanted, true);
      found.push(...rows.map(toArticleCard));
      if (found.length >= limit) return found;
    }
    if (found.length > 0) return found;
  }
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
