/**
 * npm run bench:lighthouse [-- --url=http://127.0.0.1:4180 --runs=3]
 * Lighthouse (mobile, the default config: emulated Moto G Power, simulated slow 4G) on the home, a
 * category and an article page of the production build, in Debian's Chromium (CHROME_PATH, default
 * /usr/bin/chromium). Prints the four category scores (median over the runs) and the JavaScript the
 * article page ships (transferred, and gzip-compressed). Without --url it builds if needed and serves
 * the demo content on a throwaway embedded database. Bounded: it stops by itself.
 */
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureBuild, numberArg, startBenchServer } from './benchServer.ts';

const argv = process.argv.slice(2);
const runs = numberArg(argv, 'runs', 3);
const externalUrl = argv.find((arg) => arg.startsWith('--url='))?.slice(6);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function pickPages(baseUrl: string): Promise<[string, string][]> {
  const latest = (await (await fetch(`${baseUrl}/api/articleLast`)).json()) as { results: { fullUrl: string; categorySlug: string }[] };
  const article = latest.results[0];
  if (!article) throw new Error('no article to measure');
  return [
    ['home', '/'],
    ['category', `/${article.categorySlug}`],
    ['article', article.fullUrl],
  ];
}

/** Gzip size of each script the page loaded (what a gzip-only client would download). */
async function gzipBytes(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of urls) {
    const body = new Uint8Array(await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
    total += gzipSync(body, { level: 9 }).byteLength;
  }
  return total;
}

let server: Awaited<ReturnType<typeof startBenchServer>> | undefined;
let baseUrl = externalUrl?.replace(/\/+$/, '');
if (!baseUrl) {
  ensureBuild();
  server = await startBenchServer('pglite', 500, 4480);
  baseUrl = server.baseUrl;
}

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
});
const rows: Record<string, string | number>[] = [];
let failed = false;
try {
  const pages = await pickPages(baseUrl);
  for (const [name, path] of pages) {
    const scores: Record<Category, number[]> = { performance: [], accessibility: [], 'best-practices': [], seo: [] };
    let scripts: NetworkItem[] = [];
    let lcp = 0;
    let tbt = 0;
    let cls = 0;
    // One discarded warm-up run per page (server caches, the browser's first compile of the bundle).
    await lighthouse(`${baseUrl}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(`${baseUrl}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      const { lhr } = result;
      for (const category of CATEGORIES) scores[category].push(Math.round((lhr.categories[category]?.score ?? 0) * 100));
      const items = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
      scripts = items.filter((item) => item.resourceType === 'Script');
      lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? 0;
      tbt = lhr.audits['total-blocking-time']?.numericValue ?? 0;
      cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? 0;
      const misses = Object.values(lhr.audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
        .map((audit) => audit.id);
      if (run === 0 && misses.length) {
        console.log(`  ${name}: audits not passed: ${misses.join(', ')}`);
        const consoleErrors =
          (
            lhr.audits['errors-in-console']?.details as
              | { items?: { description?: string; sourceLocation?: { url?: string } }[] }
              | undefined
          )?.items ?? [];
        for (const item of consoleErrors) console.log(`    console: ${item.description ?? ''} ${item.sourceLocation?.url ?? ''}`);
      }
    }
    const row: Record<string, string | number> = { page: name, path };
    for (const category of CATEGORIES) row[category] = median(scores[category]);
    row.LCP_ms = Math.round(lcp);
    row.TBT_ms = Math.round(tbt);
    row.CLS = Number(cls.toFixed(3));
    row.js_files = scripts.length;
    row.js_transferred_kB = Number((scripts.reduce((sum, s) => sum + (s.transferSize ?? 0), 0) / 1024).toFixed(1));
    row.js_gzip_kB = Number(((await gzipBytes(scripts.map((s) => s.url))) / 1024).toFixed(1));
    rows.push(row);
    if ((row.performance as number) < 95 || CATEGORIES.slice(1).some((c) => row[c] !== 100)) failed = true;
  }
} finally {
  await chrome.kill();
  await server?.stop();
}

console.log(`\nLighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}mobile scores, ${baseUrl}`);
console.table(rows);
if (failed) {
  console.log('Target missed: performance ≥ 95 and accessibility, best practices, SEO = 100 on every page.');
  process.exitCode = 1;
}
