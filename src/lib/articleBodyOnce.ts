/** The article page's loader data with the body sent once (issue 22): in the HTML, not in the hydration data. */
import type { ArticleDetail } from '../api/types.ts';
import { markupOnly } from './markupOnly.ts';

export function withBodyInMarkupOnly<T extends { article: ArticleDetail }>(data: T) {
  return { ...data, article: { ...data.article, body: markupOnly(data.article.body) } };
}
