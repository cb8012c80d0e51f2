/**
 * npm run bench:lighthouse [-- --runs=3 --pages=home,article --breakdown --url=http://127.0.0.1:4180[,http://…]]
 * Lighthouse (mobile, the default config: emulated Moto G Power, simulated slow 4G, 4× CPU slowdown) on every
 * kind of reader page of the production build (scripts/bench/lighthousePages.ts: home, category, article, tag,
 * author, quizzes and a quiz, generator, mosaics and a mosaic, contests and a contest, shopping, instagram, a live
 * blog, signup, the static pages, letters and a letter, the app's page), in Debian's Chromium (CHROME_PATH,
 * default /usr/bin/chromium). Prints per page the four category scores and the metrics, each the median over
 * the runs, and the JavaScript the page loaded (transferred, and gzip-compressed).
 *
 * --pages=a,b      only those kinds (names as above).
 * --breakdown      also, for each page, the audits that lost points in its median run (the metrics' own
 *                  scores, the insights with their estimated savings) and its longest main-thread tasks.
 * --url=A,B        measure already running servers; with several, every page's runs alternate between them
 *                  (A, B, B, A, …) so that a busy machine weighs on each alike: a paired before/after.
 * --min-performance=N  the score every page must reach (default 100, issue 38); exit code 1 otherwise.
 *
 * Without --url it builds if needed and serves an archive of 500 articles (the demo content, tagged, so that tag
 * pages exist) on a throwaway embedded database. Bounded: it stops by itself.
 */
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureBuild, numberArg, startBenchServer } from './benchServer.ts';
import { type PageKind, pathsOf, pickKinds, readerPages } from './lighthousePages.ts';
import { median } from './stats.ts';

const argv = process.argv.slice(2);
const runs = numberArg(argv, 'runs', 3);
const minPerformance = numberArg(argv, 'min-performance', 100);
const breakdown = argv.includes('--breakdown');
const kinds = pickKinds(argv.find((arg) => arg.startsWith('--pages='))?.slice(8));
const externalUrls = argv
  .find((arg) => arg.startsWith('--url='))
  ?.slice(6)
  .split(',')
  .map((url) => url.trim().replace(/\/+$/, ''))
  .filter(Boolean);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const;
type Metric = keyof typeof METRICS;

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}
interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
  metricSavings?: Record<string, number>;
  details?: { items?: unknown[] };
}
interface Sample {
  scores: Record<Category, number>;
  metrics: Record<Metric, number>;
  lost: Audit[];
  longTasks: { url: string; duration: number; startTime: number }[];
  scripts: NetworkItem[];
}

async function text(url: string): Promise<string> {
  const response = await fetch(url);
  return response.ok ? response.text() : '';
}

async function findPages(baseUrl: string): Promise<Map<PageKind, string>> {
  const latest = (await (await fetch(`${baseUrl}/api/articleLast`)).json()) as { results: { fullUrl: string; categorySlug: string }[] };
  const latestArticle = latest.results[0];
  if (!latestArticle) throw new Error('no article to measure');
  const read = (path: string) => text(`${baseUrl}${path}`);
  const [pagesXml, authorsXml, ...pagesHtml] = await Promise.all(
    ['/sitemap-pages.xml', '/sitemap-authors.xml', latestArticle.fullUrl, '/', '/lettres'].map(read),
  );
  return readerPages({
    pagesSitemap: pathsOf(pagesXml ?? '', 'loc'),
    authorsSitemap: pathsOf(authorsXml ?? '', 'loc'),
    latestArticle,
    links: pagesHtml.flatMap((html) => pathsOf(html, 'href')),
  });
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

/** The audits that cost points: the metrics below a full score, and failed insights, diagnostics and checks. */
function lostAudits(audits: Record<string, Audit>): Audit[] {
  return Object.values(audits).filter(
    (audit) =>
      audit.score !== null && audit.score < 1 && !['informative', 'manual', 'notApplicable', 'error'].includes(audit.scoreDisplayMode),
  );
}

async function measure(port: number, url: string): Promise<Sample | null> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  // A run Lighthouse could not complete (no paint seen on a starved machine…) scores 0: counted out of the medians.
  if (result.lhr.runtimeError) {
    console.log(`  ${url}: run discarded (${result.lhr.runtimeError.code})`);
    return null;
  }
  const audits = result.lhr.audits as unknown as Record<string, Audit>;
  const scores = {} as Record<Category, number>;
  for (const category of CATEGORIES) scores[category] = Math.round((result.lhr.categories[category]?.score ?? 0) * 100);
  const metrics = {} as Record<Metric, number>;
  for (const [name, id] of Object.entries(METRICS) as [Metric, string][]) metrics[name] = audits[id]?.numericValue ?? 0;
  const items = (audits['network-requests']?.details?.items ?? []) as NetworkItem[];
  return {
    scores,
    metrics,
    lost: lostAudits(audits),
    longTasks: (audits['long-tasks']?.details?.items ?? []) as Sample['longTasks'],
    scripts: items.filter((item) => item.resourceType === 'Script'),
  };
}

function printBreakdown(label: string, samples: Sample[]): void {
  const byScore = [...samples].sort((a, b) => a.scores.performance - b.scores.performance || a.metrics.TBT - b.metrics.TBT);
  const middle = byScore[Math.floor(byScore.length / 2)];
  if (!middle) return;
  const all = samples.map((s) => `${s.scores.performance} (TBT ${Math.round(s.metrics.TBT)})`).join(', ');
  console.log(`\n${label}: runs ${all}; median run:`);
  console.log(
    `  FCP ${Math.round(middle.metrics.FCP)} ms, LCP ${Math.round(middle.metrics.LCP)} ms, TBT ${Math.round(middle.metrics.TBT)} ms, ` +
      `CLS ${middle.metrics.CLS.toFixed(3)}, SI ${Math.round(middle.metrics.SI)} ms`,
  );
  for (const audit of middle.lost) {
    const savings = Object.entries(audit.metricSavings ?? {})
      .filter(([, value]) => value > 0)
      .map(([metric, value]) => `${metric} −${Math.round(value * 1000) / 1000}`)
      .join(', ');
    const missed = samples.filter((s) => s.lost.some((a) => a.id === audit.id)).length;
    console.log(
      `  lost: ${audit.id} (score ${audit.score}${audit.displayValue ? `, ${audit.displayValue}` : ''}${savings ? `, saves ${savings}` : ''}; ${missed}/${samples.length} runs)`,
    );
  }
  for (const task of [...middle.longTasks].sort((a, b) => b.duration - a.duration).slice(0, 5)) {
    console.log(`  long task: ${Math.round(task.duration)} ms at ${Math.round(task.startTime)} ms, ${task.url}`);
  }
}

let server: Awaited<ReturnType<typeof startBenchServer>> | undefined;
let baseUrls = externalUrls ?? [];
if (baseUrls.length === 0) {
  ensureBuild();
  server = await startBenchServer('pglite', 500, 4480, {}, { archive: true });
  baseUrls = [server.baseUrl];
}

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
});
const rows: Record<string, string | number>[] = [];
const failures: string[] = [];
try {
  const found = await findPages(baseUrls[0] as string);
  for (const kind of kinds) {
    const path = found.get(kind);
    if (!path) {
      console.log(`  ${kind}: the site has no such page, not measured`);
      continue;
    }
    const samples = new Map<string, Sample[]>(baseUrls.map((base) => [base, []]));
    // One discarded warm-up run per page and server (server caches, the browser's first compile of the bundle).
    for (const base of baseUrls) {
      await lighthouse(`${base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    }
    for (let run = 0; run < runs; run++) {
      for (const base of run % 2 === 0 ? baseUrls : [...baseUrls].reverse()) {
        const sample = await measure(chrome.port, `${base}${path}`);
        if (sample) samples.get(base)?.push(sample);
      }
    }
    for (const base of baseUrls) {
      const list = samples.get(base) ?? [];
      const label = baseUrls.length > 1 ? `${kind} ${base}` : kind;
      if (list.length === 0) {
        console.log(`  ${label}: no run completed`);
        failures.push(label);
        continue;
      }
      const row: Record<string, string | number> = baseUrls.length > 1 ? { page: kind, server: base } : { page: kind, path };
      for (const category of CATEGORIES) row[category] = median(list.map((s) => s.scores[category]));
      for (const metric of Object.keys(METRICS) as Metric[]) {
        const value = median(list.map((s) => s.metrics[metric]));
        row[metric === 'CLS' ? 'CLS' : `${metric}_ms`] = metric === 'CLS' ? Number(value.toFixed(3)) : Math.round(value);
      }
      const scripts = list.at(-1)?.scripts ?? [];
      row.js_files = scripts.length;
      row.js_transferred_kB = Number((scripts.reduce((sum, s) => sum + (s.transferSize ?? 0), 0) / 1024).toFixed(1));
      row.js_gzip_kB = Number(((await gzipBytes(scripts.map((s) => s.url))) / 1024).toFixed(1));
      rows.push(row);
      if ((row.performance as number) < minPerformance || CATEGORIES.slice(1).some((c) => row[c] !== 100)) failures.push(label);
      if (breakdown) printBreakdown(label, list);
      else {
        // Checks (accessibility, best practices, SEO) fail whatever the machine's load: always worth a line.
        const checks = [...new Set(list.flatMap((s) => s.lost.filter((a) => a.scoreDisplayMode === 'binary').map((a) => a.id)))];
        if (checks.length) console.log(`  ${label}: audits not passed: ${checks.join(', ')}`);
      }
    }
  }
} finally {
  await chrome.kill();
  await server?.stop();
}

console.log(`\nLighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}mobile, ${baseUrls.join(' and ')}`);
console.table(rows);
if (failures.length) {
  console.log(
    `Target missed on ${failures.join(', ')}: performance ≥ ${minPerformance} and accessibility, best practices, SEO = 100 on every page.`,
  );
  process.exitCode = 1;
}
