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
import { entryScriptsOf } from '../../src/app/entryAfterFirstPaint.ts';
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
    // The page names its scripts in the inline script that asks for them after the first paint (cut 19); none
    // may be announced by a tag of its own, or the browser would fetch it before the paint.
    const tagged = [...html.matchAll(/<(?:link|script)\b[^>]*>/g)].filter(
      ([tag]) => /\brel="modulepreload"/.test(tag) || (/^<script\b/.test(tag) && /\bsrc="\/assets\//.test(tag)),
    );
    expect(tagged, `${figure.page}: script tags fetched before the first paint`).toEqual([]);
    const scripts = entryScriptsOf(html);
    const announced = new Set([scripts?.entry ?? '', ...(scripts?.preloads ?? [])].filter(Boolean).map((url) => url.slice(1)));
    expect([...announced].sort(), `${figure.page} (${path})`).toEqual([...figure.files].sort());
  }
});

// Issue 38 (decision 034): readers' pages start with a route tree without the staff's pages; a staff page loads the
// whole tree (an admin- chunk) before it hydrates, so that its links to other staff pages stay in the page.
test('a reader’s page never loads the whole route tree; a staff page does, and navigates on it', async ({ page, request }) => {
  const { article } = await demo(request);
  const scripts: string[] = [];
  let documents = 0;
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) documents++;
  });
  await page.goto(article.fullUrl);
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => path.startsWith('/assets/admin-'))).toEqual([]);

  scripts.length = 0;
  await page.goto('/admin/connexion');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connexion à la rédaction');
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((path) => /^\/assets\/admin-routeTree\.gen-[\w-]+\.js$/.test(path))).toHaveLength(1);
  const before = documents;
  await page.getByRole('link', { name: /mot de passe oublié/i }).click();
  await expect(page).toHaveURL(/\/admin\/mot-de-passe-oublie$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Connexion à la rédaction');
  expect(documents).toBe(before);
});
