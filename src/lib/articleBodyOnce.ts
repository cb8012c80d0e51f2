/** The article page's loader data with the body sent once (issue 22): in the HTML, not in the hydration data. */
import type { ArticleCard, ArticleDetail } from '../api/types.ts';
import { markupOnly } from './markupOnly.ts';

export function withBodyInMarkupOnly<T extends { article: ArticleDetail; related: readonly ArticleCard[] }>(data: T) {
  // The category's description is the category page's; the article page never shows it.
  const { description: _description, ...category } = data.article.category;
  // The related cards too: 2 KB of data for markup the page already holds.
  return { ...data, article: { ...data.article, category, body: markupOnly(data.article.body) }, related: markupOnly(data.related) };
}
