/** The article page's HTML budget (issue 22), uncompressed: held by tests/e2e/article-body-once.spec.ts, printed by bench:page-weight. */
export const ARTICLE_HTML_BUDGET_BYTES = 45 * 1024;
