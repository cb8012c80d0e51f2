/** Bylines of an article (issue 20: imports bring several authors per article). */
import type { ArticleDetail, Author } from '../api/types.ts';

/**
 * Every author, in order. An answer without `authors` (a page or a client cached before bylines existed)
 * is read as its single author.
 */
export function articleAuthors(article: Pick<ArticleDetail, 'author'> & { authors?: readonly Author[] }): readonly Author[] {
  return article.authors && article.authors.length > 0 ? article.authors : [article.author];
}

/** What comes before the name at `index` of `count` in a French list: nothing, ', ', or ' et ' before the last. */
export function nameSeparator(index: number, count: number): string {
  if (index === 0) return '';
  return index === count - 1 ? ' et ' : ', ';
}

/** French list of names: "A", "A et B", "A, B et C". */
export function joinNames(names: readonly string[]): string {
  return names.map((name, index) => nameSeparator(index, names.length) + name).join('');
}
