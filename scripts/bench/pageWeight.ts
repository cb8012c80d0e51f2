/**
 * npm run bench:page-weight — the JavaScript an article page makes a reader download (its budget:
 * bundle-budget.config.ts), read in Chromium from the production build: at load (what every reader pays), then with
 * the consent banner (first visit, 1 s after load), and for a returning reader who accepted everything
 * (the popin's code when a popin applies, the analytics tag when configured).
 * Prints one line per situation: files, bytes transferred (as the server compressed them), and the lazy
 * chunks that came on top of the page's own. Then the article page's HTML bytes (issue 22, scripts/bench/articleHtml.ts).
 */
import { chromium, type Page } from '@playwright/test';
import { consentCookieValue, acceptedEverything } from '../../tests/e2e/support/consentCookie.ts';
import { consentConfig } from '../../consent.config.ts';
import { printArticleHtmlWeight } from './articleHtml.ts';
import { bundleBudget } from '../../bundle-budget.config.ts';
import { ensureBuild, startBenchServer } from './benchServer.ts';

const BUDGET = bundleBudget.pages.article.maxBrotliBytes;

async function scriptBytes(page: Page, url: string, settleMs: number): Promise<{ files: string[]; bytes: number }> {
  const seen = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const sizes = await response
      .request()
      .sizes()
      .catch(() => null);
    seen.set(new URL(response.url()).pathname, sizes ? sizes.responseBodySize : 0);
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(settleMs);
  await page.waitForLoadState('networkidle');
  return { files: [...seen.keys()], bytes: [...seen.values()].reduce((a, b) => a + b, 0) };
}

ensureBuild();
const server = await startBenchServer('pglite', 300, Number(process.env.BENCH_PORT ?? 4390), { SEED_DEMO: '0' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const latest = (await (await fetch(`${server.baseUrl}/api/articleLast`)).json()) as { results: { fullUrl: string }[] };
  const article = `${server.baseUrl}${latest.results[0]?.fullUrl ?? '/'}`;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

  const situations: [string, (page: Page) => Promise<void>, number][] = [
    ['article, at load (every reader)', async () => {}, 0],
    ['article, first visit, with the consent banner', async () => {}, consentConfig.loaderDelayMs + 1500],
    [
      'article, returning reader who accepted everything',
      async (page) => {
        await page
          .context()
          .addCookies([{ name: consentConfig.consentCookie.name, value: consentCookieValue(acceptedEverything), url: server.baseUrl }]);
      },
      consentConfig.loaderDelayMs + 1500,
    ],
  ];
  let base: string[] = [];
  for (const [name, prepare, settle] of situations) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await prepare(page);
    const { files, bytes } = await scriptBytes(page, article, settle);
    if (base.length === 0) base = files;
    const extra = files.filter((f) => !base.includes(f)).map((f) => f.replace(/^\/assets\//, ''));
    console.log(
      `${name}: ${files.length} files, ${kb(bytes)} transferred${extra.length ? ` (on top: ${extra.join(', ')})` : ''}${bytes > BUDGET ? ` — OVER the ${kb(BUDGET)} budget` : ''}`,
    );
    await context.close();
  }
  await printArticleHtmlWeight(server.baseUrl);
} finally {
  await browser.close();
  await server.stop();
}
