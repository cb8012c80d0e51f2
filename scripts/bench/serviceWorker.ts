/**
 * npm run bench:sw [-- --runs=5]
 * What the service worker costs a first visit: Lighthouse (mobile defaults, performance only, storage reset
 * before each run, so every run is a first visit that registers the worker and precaches) on the article
 * page of the same production build, served twice: SERVICE_WORKER on and SERVICE_WORKER=0. Runs alternate
 * between the two so that a busy machine weighs on both alike; prints the medians. Bounded: stops by itself.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureBuild, numberArg, startBenchServer } from './benchServer.ts';
import { median } from './stats.ts';

const runs = numberArg(process.argv.slice(2), 'runs', 5);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
ensureBuild();
const variants = [
  { name: 'worker on', server: await startBenchServer('pglite', 500, 4483) },
  { name: 'SERVICE_WORKER=0', server: await startBenchServer('pglite', 500, 4484, { SERVICE_WORKER: '0' }) },
];
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
});
type Sample = { performance: number; lcp: number; tbt: number; tti: number; requests: number };
const samples = new Map<string, Sample[]>(variants.map((v) => [v.name, []]));
try {
  const first = variants[0]?.server.baseUrl ?? '';
  const latest = (await (await fetch(`${first}/api/articleLast`)).json()) as { results: { fullUrl: string }[] };
  const path = latest.results[0]?.fullUrl;
  if (!path) throw new Error('no article to measure');
  for (const variant of variants) {
    await lighthouse(`${variant.server.baseUrl}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
  }
  for (let run = 0; run < runs; run++) {
    for (const variant of run % 2 === 0 ? variants : [...variants].reverse()) {
      const result = await lighthouse(`${variant.server.baseUrl}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (!result) throw new Error('Lighthouse gave no result');
      const { lhr } = result;
      const items = (lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items ?? [];
      samples.get(variant.name)?.push({
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
        tbt: lhr.audits['total-blocking-time']?.numericValue ?? 0,
        tti: lhr.audits.interactive?.numericValue ?? 0,
        requests: items.length,
      });
    }
  }
  console.log(`\nArticle page ${path}, Lighthouse mobile, median of ${runs} first visits each (runs alternated)`);
  console.table(
    variants.map(({ name }) => {
      const list = samples.get(name) ?? [];
      const pick = (key: keyof Sample) => Math.round(median(list.map((s) => s[key])));
      return {
        variant: name,
        performance: pick('performance'),
        LCP_ms: pick('lcp'),
        TBT_ms: pick('tbt'),
        TTI_ms: pick('tti'),
        requests: pick('requests'),
      };
    }),
  );
} finally {
  await chrome.kill();
  for (const variant of variants) await variant.server.stop();
}
