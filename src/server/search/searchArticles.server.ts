/**
 * French search over articles, the same SQL on PGlite and PostgreSQL (decision 003).
 * Full text (configuration piquante_fr: accent-free French stems; the last word as a prefix), read
 * in tiers: exact title, then title, then subtitle, then body — each tier newest first, each one a
 * small LIMIT query the planner can answer from an index. When nothing matches, typo tolerance: each
 * word is corrected against the title vocabulary (search_lexicon, trigram similarity), then searched again.
 */
import { and, desc, eq, notInArray, type SQL, sql } from 'drizzle-orm';
import type { ArticleCard } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { articles, categories, searchLexicon } from '../../db/schema.ts';
import { articleCardColumns, toArticleCard } from '../articles/articles.server.ts';
import { parseSearchTerms, type SearchTerms, toTsQuerySource } from './searchQuery.ts';

/** Trigram similarity needed for a typo to be corrected (0.4 lets 'biarits' become 'biarritz'). */
const TYPO_SIMILARITY = 0.4;
/** Shorter words are too ambiguous to correct. */
const MIN_CORRECTED_LENGTH = 4;

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

/** Full-text matches in tiers; `exactTitle` (what was typed) puts an identical title first. */
async function searchInTiers(db: Database, source: string, exactTitle: string | null, limit: number) {
  const query = sql`to_tsquery('piquante_fr', ${source})`;
  const tiers: SQL[] = [
    sql`${articles.titleVector} @@ ${query}`,
    sql`${articles.subtitleVector} @@ ${query}`,
    sql`${articles.searchVector} @@ ${query}`,
  ];
  const recent = sql`${articles.publishedAt} >= (select max(${articles.publishedAt}) from ${articles}) - make_interval(days => ${RECENT_WINDOW_DAYS})`;
  // The exact title is one index lookup (btree on piquante_fold(title)).
  const found: ArticleCard[] = exactTitle
    ? (await selectCards(db, sql`piquante_fold(${articles.title}) = piquante_fold(${exactTitle})`, limit, false)).map(toArticleCard)
    : [];
  for (const tier of tiers) {
    if (found.length >= limit) break;
    const seen = found.map((article) => article.id);
    const where = seen.length > 0 ? and(tier, notInArray(articles.id, seen)) : tier;
    const wanted = limit - found.length;
    // Within the window the planner may walk the recency index: the window bounds that walk.
    let rows = await selectCards(db, and(where, recent), wanted, false);
    if (rows.length < wanted) rows = await selectCards(db, where, wanted, true);
    found.push(...rows.map(toArticleCard));
  }
  return found;
}

/** Each word replaced by the closest word of the titles' vocabulary, or null when nothing changes. */
async function correctTypos(db: Database, terms: SearchTerms): Promise<SearchTerms | null> {
  const typed = [...terms.words, ...(terms.prefix ? [terms.prefix] : [])];
  // The threshold is a setting: set it for this transaction only, so the trigram index is used.
  const corrected = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`);
    const words: string[] = [];
    for (const word of typed) {
      if (word.length < MIN_CORRECTED_LENGTH) {
        words.push(word);
        continue;
      }
      const folded = sql`piquante_fold(${word})`;
      const [closest] = await tx
        .select({ word: searchLexicon.word })
        .from(searchLexicon)
        .where(sql`${searchLexicon.word} % ${folded}`)
        .orderBy(desc(sql`similarity(${searchLexicon.word}, ${folded})`), searchLexicon.word)
        .limit(1);
      words.push(closest?.word ?? word);
    }
    return words;
  });
  if (corrected.every((word, i) => word === typed[i])) return null;
  return { text: corrected.join(' '), words: corrected, prefix: null };
}

export async function searchArticles(db: Database, rawQuery: string, limit: number): Promise<ArticleCard[]> {
  const terms = parseSearchTerms(rawQuery);
  const source = toTsQuerySource(terms);
  if (!source) return [];
  const found = await searchInTiers(db, source, terms.text, limit);
  if (found.length > 0) return found;
  const corrected = await correctTypos(db, terms);
  return corrected ? searchInTiers(db, toTsQuerySource(corrected), null, limit) : [];
}
