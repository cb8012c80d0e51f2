/**
 * The JavaScript budget (issue 22, bundle-budget.config.ts) held against the production build these tests
 * serve: `npm test` fails when the article, home or category page loads more than its budget at start, or
 * loads staff or server code. Then the live pages: the files they announce are exactly those the budget counts,
 * so that a change in how the framework preloads cannot leave the check measuring something else.
 */
import { expect, test } from '@playwright/test';
import type { bundleBudget } from '../../bundle-budget.config.ts';
import { formatBudgetTable } from '../../scripts/build/bundleBudget.ts';
import { checkBuiltBundle } from '../../scripts/build/checkBundleBudget.ts';
import { demo } from './support.ts';

// Read in the tests, not when the file loads: Playwright loads the specs before its web server builds dist/.
test('the article, home and category pages stay within their JavaScript budgets', () => {
  const result = checkBuiltBundle(process.cwd());
  console.log(formatBudgetTable(result.figures));
  expect(result.failures).toEqual([]);
});

test('each page announces exactly the script files its budget counts', async ({ request }) => {
  const result = checkBuiltBundle(process.cwd());
  const { article, category } = await demo(request);
  const paths: Record<keyof typeof bundleBudget.pages, string> = {
    article: article.fullUrl,
    home: '/',
    category: `/${category.slug}`,
  };
  for (const figure of result.figures) {
    const path = paths[figure.page as keyof typeof paths];
    const html = await (await request.get(path)).text();
    const announced = new Set<string>();
    for (const [tag] of html.matchAll(/<(?:link|script)\b[^>]*>/g)) {
      const isScript = /^<script\b/.test(tag) && /\btype="module"/.test(tag);
      const isPreload = /^<link\b/.test(tag) && /\brel="modulepreload"/.test(tag);
      const url = /\b(?:src|href)="(\/assets\/[^"]+\.js)"/.exec(tag)?.[1];
      if ((isScript || isPreload) && url) announced.add(url.slice(1));
    }
    expect([...announced].sort(), `${figure.page} (${path})`).toEqual([...figure.files].sort());
  }
});
