/**
 * npm run bench:cost-curve [-- --sizes 1000,10000,100000 --db pglite|pg|both --seconds 5 --reuse-seeds]
 *
 * The cost curve (issue 38): the same measures over archives of growing size, on both databases. For each
 * size, an archive is seeded (`seedDemoContent` with `archive`: 10 years, tagged, what `npm run seed --
 * --articles N` writes), the built server is started on it, and:
 *  - idle RSS (every process of the server, /proc) after boot and 200 page views, the page cache on;
 *  - the page cache's hit path: one article, wrk -t2 -c32;
 *  - then with the page cache off (PAGE_CACHE_MAX_BYTES=0, WORKERS=1): article (100 spread over the whole
 *    archive, read from the sitemaps), category, home and tag (every tag in turn) renders, wrk -t1 -c4: p50, p99,
 *    and the CPU time per request (utime + stime of the server's processes, and on PostgreSQL of the backends
 *    serving its database, over the measured run, less what the same server burns idle over as long (the job
 *    queue's polling, timers: measured before the renders), ÷ requests answered): the latencies wait for a core
 *    on a shared machine, the CPU a request costs depends far less on what else runs;
 *  - search p95 (the search benchmark's query mix, one request at a time);
 *  - the sitemap index, the largest articles sitemap, the news sitemap, /rss.xml: generation time (median of 3).
 * Prints a table and the goals (RSS growth ≤ 20 %, render p99 ≤ 1.5 × from the smallest size to the largest, with
 * the CPU-per-request ratio beside each p99 ratio),
 * and writes the chart to docs/images/cost-curve.svg.
 *
 * The figures go to docs/images/cost-curve.json too; `--merge` keeps there the sizes and databases this run
 * does not measure, and draws the table and chart from them all (the load column says when each was taken).
 *
 * `--reuse-seeds`: archives seeded once into CURVE_SEEDS_DIR (default /tmp/piquante-curve-seeds: PGlite
 * directories `pglite-N`, PostgreSQL databases `piquante_curve_N`, each with a marker `<db>-N.ok`), kept
 * between runs: 100 000 articles take minutes to seed on PGlite. The server's boot migrates them.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/db/client.ts';
import { seedDemoContent } from '../../src/server/seed/seedDemoContent.server.ts';
import { progressBar } from '../lib/progressBar.ts';
import { type BenchDatabaseHandle, benchPostgresUrl, ensureBuild, IDLE_SETTLE_SECONDS, serveBench } from './benchServer.ts';
import { type Panel, lineChartsSvg } from './lineChartSvg.ts';
import { cpuTicks, loadAverage, processTree, rssMb } from './procStats.ts';
import { QUERY_MIX } from './searchQueries.ts';
import { clockTicks, ensureWrk, runWrk } from './wrk.ts';

type Kind = 'pglite' | 'postgres';

const root = resolve(import.meta.dirname, '../..');
const PORT = 4440;
const HEADERS = { accept: 'text/html,application/json', 'accept-encoding': 'gzip' };

function option(name: string): string | undefined {
  const argv = process.argv.slice(2);
  const inline = argv.find((arg) => arg.startsWith(`--${name}=`));
  if (inline) return inline.slice(name.length + 3);
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : undefined;
}

const sizes = (option('sizes') ?? '1000,10000,100000').split(',').map(Number);
if (sizes.some((n) => !Number.isInteger(n) || n < 100)) throw new Error('--sizes takes whole numbers ≥ 100, comma-separated');
const dbOption = option('db') ?? 'both';
const kinds: Kind[] =
  dbOption === 'both' ? ['pglite', 'postgres'] : dbOption === 'pg' || dbOption === 'postgres' ? ['postgres'] : ['pglite'];
if (!['both', 'pg', 'postgres', 'pglite'].includes(dbOption)) throw new Error('--db takes pglite, pg or both');
const seconds = Number(option('seconds') ?? 5);
const reuseSeeds = process.argv.includes('--reuse-seeds');
const seedsDir = process.env.CURVE_SEEDS_DIR ?? '/tmp/piquante-curve-seeds';
/** With --merge, the figures of sizes and databases not measured this run are kept from the last one. */
const merge = process.argv.includes('--merge');

interface Render {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  /**
   * Milliseconds of CPU (user + system) per request answered over the measured run: the server's processes, plus
   * on PostgreSQL the backends serving its database, less the idle server's CPU over as long (`idleCpuCores`;
   * unsubtracted, it weighs more per request the fewer requests a starved server answers). Absent from figures
   * taken before it was measured.
   */
  cpuMs?: number;
  /** The PostgreSQL backends' part of `cpuMs` (null on PGlite, which runs in the server's process). */
  dbCpuMs?: number | null;
}

interface Figures {
  kind: Kind;
  size: number;
  seedSeconds: number | null;
  idleRssMb: number;
  hitRps: number;
  hitP99: number;
  render: Record<'article' | 'category' | 'home' | 'tag', Render>;
  /** The uncached server's CPU while idle (its processes and its PostgreSQL backends), in cores, over `seconds`. */
  idleCpuCores?: number;
  searchP95: number;
  sitemapIndexMs: number;
  articlesSitemapMs: number;
  articlesSitemapUrls: number;
  newsSitemapMs: number;
  rssMs: number;
  load: string;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: benchPostgresUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function postgresUrl(name: string): string {
  const url = new URL(benchPostgresUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function seedInto(kind: Kind, size: number, target: { dataDir: string } | { url: string }): Promise<number> {
  const handle = await openDatabase(
    'dataDir' in target ? { kind: 'pglite', dataDir: target.dataDir } : { kind: 'postgres', url: target.url },
  );
  console.log(`Seeding an archive of ${size} articles into ${kind}…`);
  const bar = progressBar(size, 'articles');
  const started = performance.now();
  try {
    await seedDemoContent(handle.db, { articles: size, archive: true, onProgress: (done) => bar.update(done) });
  } finally {
    bar.done();
    await handle.close();
  }
  const elapsed = (performance.now() - started) / 1000;
  console.log(`Seeded in ${elapsed.toFixed(1)} s`);
  return elapsed;
}

/** A seeded archive: fresh and thrown away after, or kept in the seeds directory (`--reuse-seeds`). */
async function prepare(kind: Kind, size: number): Promise<{ database: BenchDatabaseHandle; seedSeconds: number | null }> {
  if (reuseSeeds) {
    mkdirSync(seedsDir, { recursive: true });
    const marker = join(seedsDir, `${kind === 'pglite' ? 'pglite' : 'pg'}-${size}.ok`);
    const name = `piquante_curve_${size}`;
    let seedSeconds: number | null = null;
    if (kind === 'pglite') {
      const seeded = join(seedsDir, `pglite-${size}`);
      if (!existsSync(marker)) {
        rmSync(seeded, { recursive: true, force: true });
        seedSeconds = await seedInto(kind, size, { dataDir: seeded });
        writeFileSync(marker, '');
      }
      // The server writes to its data directory: it runs on a copy, the seed stays as seeded.
      const copy = mkdtempSync(join(tmpdir(), 'piquante-curve-'));
      cpSync(seeded, copy, { recursive: true });
      return {
        database: { kind, env: { DATA_DIR: copy, SEED_DEMO: '0' }, drop: async () => rmSync(copy, { recursive: true, force: true }) },
        seedSeconds,
      };
    }
    if (!existsSync(marker)) {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await adminQuery(`CREATE DATABASE ${name}`);
      seedSeconds = await seedInto(kind, size, { url: postgresUrl(name) });
      writeFileSync(marker, '');
    }
    return { database: { kind, env: { DATABASE_URL: postgresUrl(name), SEED_DEMO: '0' }, drop: async () => {} }, seedSeconds };
  }
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'piquante-curve-'));
    const seedSeconds = await seedInto(kind, size, { dataDir });
    return {
      database: { kind, env: { DATA_DIR: dataDir, SEED_DEMO: '0' }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) },
      seedSeconds,
    };
  }
  const name = `piquante_curve_run_${process.pid}`;
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${name}`);
  const seedSeconds = await seedInto(kind, size, { url: postgresUrl(name) });
  return {
    database: {
      kind,
      env: { DATABASE_URL: postgresUrl(name), SEED_DEMO: '0' },
      drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    },
    seedSeconds,
  };
}

/**
 * The PostgreSQL backends serving a database (the server's pool), read after the warm-up so the pool is open. A
 * backend that closes during the run takes its CPU time with it: the pool keeps its connections while busy.
 */
async function backendPids(url: string): Promise<number[]> {
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: benchPostgresUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = $1 and backend_type = 'client backend' and pid <> pg_backend_pid()`,
      [name],
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

async function text(url: string): Promise<string> {
  const response = await fetch(url, { headers: HEADERS });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.text();
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] as string).pathname);

/** Milliseconds of one GET, body read (median of `times`). */
async function timed(url: string, times = 3): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await text(url);
    samples.push(performance.now() - started);
  }
  return percentile(samples, 50);
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const value = sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return Math.round(value * 10) / 10;
}

/** What the measures read: articles spread over the archive (from the sitemaps), every tag, the sitemaps. */
async function discover(baseUrl: string) {
  const index = locs(await text(`${baseUrl}/sitemap.xml`));
  const articleSitemaps = index.filter((path) => path.startsWith('/sitemap-articles-'));
  const everyArticle: string[] = [];
  for (const path of articleSitemaps) everyArticle.push(...locs(await text(`${baseUrl}${path}`)));
  const step = Math.max(1, Math.floor(everyArticle.length / 100));
  const articles = everyArticle.filter((_, i) => i % step === 0).slice(0, 100);
  const tags = locs(await text(`${baseUrl}/sitemap-pages.xml`)).filter((path) => path.startsWith('/tag/'));
  return { articleSitemaps, articles, tags };
}

async function measureOne(kind: Kind, size: number, wrk: string): Promise<Figures> {
  const { database, seedSeconds } = await prepare(kind, size);
  try {
    // The addresses to view come from the sitemaps, read by a server of their own: generating 10 000-URL sitemaps
    // leaves tens of MB of garbage that V8 returns only some 20 s later, which is no reader's page view.
    const discovering = await serveBench(database, PORT, {});
    const { articles, tags } = await discover(discovering.baseUrl).finally(() => discovering.stop());
    // The page cache on, as served: idle memory after boot and 200 page views, then its hit path.
    const cached = await serveBench(database, PORT, {});
    let idleRssMb: number;
    let hit: Awaited<ReturnType<typeof runWrk>>;
    try {
      const views = [...articles, '/', '/mode', '/food', ...tags].slice(0, 200);
      while (views.length < 200) views.push(...articles.slice(0, 200 - views.length));
      for (const path of views) await text(`${cached.baseUrl}${path}`);
      await new Promise((done) => setTimeout(done, IDLE_SETTLE_SECONDS * 1000));
      idleRssMb = rssMb(processTree(cached.pid));
      const article = articles[0] as string;
      await text(`${cached.baseUrl}${article}`);
      await runWrk(wrk, { url: cached.baseUrl, paths: [article], seconds: 2, connections: 32, threads: 2, headers: HEADERS });
      hit = await runWrk(wrk, { url: cached.baseUrl, paths: [article], seconds, connections: 32, threads: 2, headers: HEADERS });
    } finally {
      await cached.stop();
    }

    const server = await serveBench(database, PORT, { PAGE_CACHE_MAX_BYTES: '0', WORKERS: '1' });
    try {
      const base = server.baseUrl;
      // Idle before any request: after the sitemaps, their garbage would be collected in the window.
      await new Promise((done) => setTimeout(done, 3000));
      const idlePids = [...processTree(server.pid), ...(database.env.DATABASE_URL ? await backendPids(database.env.DATABASE_URL) : [])];
      const idleBefore = cpuTicks(idlePids);
      const idleStarted = performance.now();
      await new Promise((done) => setTimeout(done, seconds * 1000));
      const idleCpuCores = (cpuTicks(idlePids) - idleBefore) / clockTicks() / ((performance.now() - idleStarted) / 1000);
      const { articleSitemaps, articles, tags } = await discover(base);
      const render = {} as Figures['render'];
      const pages = { article: articles, category: ['/mode'], home: ['/'], tag: tags } as const;
      for (const [page, paths] of Object.entries(pages) as [keyof Figures['render'], string[]][]) {
        if (paths.length === 0) throw new Error(`no ${page} to render`);
        // Every address once, then a short run: the measure starts with the code compiled and the pages' data read once.
        for (const path of paths) await text(`${base}${path}`);
        await runWrk(wrk, { url: base, paths, seconds: 2, connections: 4, threads: 1, headers: HEADERS });
        const serverPids = processTree(server.pid);
        const dbPids = database.env.DATABASE_URL ? await backendPids(database.env.DATABASE_URL) : [];
        const serverBefore = cpuTicks(serverPids);
        const dbBefore = cpuTicks(dbPids);
        const result = await runWrk(wrk, { url: base, paths, seconds, connections: 4, threads: 1, headers: HEADERS });
        const msPerRequest = (ticks: number) => Math.round(((ticks / clockTicks()) * 1000 * 100) / Math.max(1, result.requests)) / 100;
        const dbTicks = cpuTicks(dbPids) - dbBefore;
        const idleTicks = idleCpuCores * result.seconds * clockTicks();
        render[page] = {
          p50: result.p50,
          p99: result.p99,
          rps: result.rps,
          errors: result.errors,
          cpuMs: msPerRequest(Math.max(0, cpuTicks(serverPids) - serverBefore + dbTicks - idleTicks)),
          dbCpuMs: database.env.DATABASE_URL ? msPerRequest(dbTicks) : null,
        };
      }
      const searchSamples: number[] = [];
      for (let round = 0; round < 3; round++) {
        for (const query of QUERY_MIX) {
          const started = performance.now();
          const response = await fetch(`${base}/api/search?q=${encodeURIComponent(query)}`, { headers: HEADERS });
          await response.arrayBuffer();
          searchSamples.push(performance.now() - started);
        }
      }
      let articlesSitemapMs = 0;
      let articlesSitemapUrls = 0;
      for (const path of articleSitemaps) {
        const ms = await timed(`${base}${path}`);
        if (ms > articlesSitemapMs) articlesSitemapMs = ms;
        articlesSitemapUrls = Math.max(articlesSitemapUrls, locs(await text(`${base}${path}`)).length);
      }
      return {
        kind,
        size,
        seedSeconds,
        idleRssMb,
        hitRps: hit.rps,
        hitP99: hit.p99,
        render,
        idleCpuCores: Math.round(idleCpuCores * 1000) / 1000,
        searchP95: percentile(searchSamples, 95),
        sitemapIndexMs: await timed(`${base}/sitemap.xml`),
        articlesSitemapMs,
        articlesSitemapUrls,
        newsSitemapMs: await timed(`${base}/sitemap-news.xml`),
        rssMs: await timed(`${base}/rss.xml`),
        load: loadAverage(),
      };
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

const label = (kind: Kind) => (kind === 'pglite' ? 'PGlite' : 'PostgreSQL');

function table(results: Figures[]): string {
  const head =
    '| database | articles | seed s | idle RSS MB | hit req/s | hit p99 ms | article p50 / p99 ms | category p50 / p99 | home p50 / p99 | tag p50 / p99 | render CPU ms/req: article / category / home / tag | idle CPU % | search p95 ms | sitemap index ms | articles sitemap ms (URLs) | news sitemap ms | RSS ms | load |';
  const rule = `|${head
    .split('|')
    .slice(1, -1)
    .map(() => '---')
    .join('|')}|`;
  const rows = results.map((r) => {
    const pair = (page: keyof Figures['render']) => `${r.render[page].p50} / ${r.render[page].p99}`;
    const cpu = (['article', 'category', 'home', 'tag'] as const)
      .map((page) => {
        const { cpuMs, dbCpuMs } = r.render[page];
        if (cpuMs === undefined) return '–';
        return typeof dbCpuMs === 'number' ? `${cpuMs} (db ${dbCpuMs})` : String(cpuMs);
      })
      .join(' / ');
    return `| ${label(r.kind)} | ${r.size} | ${r.seedSeconds === null ? 'kept' : r.seedSeconds.toFixed(0)} | ${r.idleRssMb} | ${r.hitRps} | ${r.hitP99} | ${pair('article')} | ${pair('category')} | ${pair('home')} | ${pair('tag')} | ${cpu} | ${r.idleCpuCores === undefined ? '–' : (r.idleCpuCores * 100).toFixed(1)} | ${r.searchP95} | ${r.sitemapIndexMs} | ${r.articlesSitemapMs} (${r.articlesSitemapUrls}) | ${r.newsSitemapMs} | ${r.rssMs} | ${r.load} |`;
  });
  return [head, rule, ...rows].join('\n');
}

function goals(results: Figures[]): string[] {
  const lines: string[] = [];
  for (const kind of ['pglite', 'postgres'] as const) {
    const mine = results.filter((r) => r.kind === kind).sort((a, b) => a.size - b.size);
    const first = mine[0];
    const last = mine[mine.length - 1];
    if (!first || !last || first === last) continue;
    const growth = ((last.idleRssMb - first.idleRssMb) / first.idleRssMb) * 100;
    lines.push(`${label(kind)} ${first.size} → ${last.size}: idle RSS ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} % (goal ≤ +20 %)`);
    for (const page of ['article', 'category', 'home', 'tag'] as const) {
      const ratio = last.render[page].p99 / first.render[page].p99;
      const [cpuFirst, cpuLast] = [first.render[page].cpuMs, last.render[page].cpuMs];
      const cpuRatio = cpuFirst && cpuLast ? `, CPU per request × ${(cpuLast / cpuFirst).toFixed(2)} (${cpuFirst} → ${cpuLast} ms)` : '';
      lines.push(`  ${page} render p99 × ${ratio.toFixed(2)} (goal ≤ 1.5)${cpuRatio}`);
    }
  }
  return lines;
}

const COLORS = { article: '#c0392b', category: '#2471a3', home: '#1e8449', tag: '#b9770e', other: '#7d3c98' };

function chart(results: Figures[]): string {
  const xs = [...new Set(results.map((r) => r.size))].sort((a, b) => a - b);
  const at = (kind: Kind, pick: (r: Figures) => number | null | undefined) =>
    xs.map((x) => {
      const found = results.find((r) => r.kind === kind && r.size === x);
      return found ? (pick(found) ?? null) : null;
    });
  const present = (['pglite', 'postgres'] as const).filter((kind) => results.some((r) => r.kind === kind));
  const perKind = (pick: (r: Figures) => number | null | undefined, color: string, name = '') =>
    present.map((kind) => ({
      label: `${name}${name ? ', ' : ''}${label(kind)}`,
      values: at(kind, pick),
      color,
      dashed: kind === 'postgres',
    }));
  const renders = (metric: 'p50' | 'p99' | 'cpuMs'): Panel => ({
    title: metric === 'cpuMs' ? 'Uncached render, CPU per request' : `Uncached render ${metric}`,
    unit: 'ms',
    series: (['article', 'category', 'home', 'tag'] as const).flatMap((page) => perKind((r) => r.render[page][metric], COLORS[page], page)),
  });
  const panels: Panel[] = [
    { title: 'Idle RSS', unit: 'MB', series: perKind((r) => r.idleRssMb, COLORS.other) },
    renders('p50'),
    renders('p99'),
    renders('cpuMs'),
    { title: 'Search p95', unit: 'ms', series: perKind((r) => r.searchP95, COLORS.other) },
    {
      title: 'Sitemaps and RSS',
      unit: 'ms',
      series: [
        ...perKind((r) => r.sitemapIndexMs, COLORS.home, 'index'),
        ...perKind((r) => r.articlesSitemapMs, COLORS.article, 'articles'),
        ...perKind((r) => r.rssMs, COLORS.category, 'RSS'),
      ],
    },
    { title: 'Page-cache hit', unit: 'req/s', series: perKind((r) => r.hitRps, COLORS.other) },
  ];
  return lineChartsSvg({
    title: 'Cost curve: 1 000 → 100 000 articles (solid PGlite, dashed PostgreSQL; x: articles, log scale)',
    xs,
    panels,
    perRow: 4,
    note: `npm run bench:cost-curve, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, 2-core machine shared with other work (load ${results.map((r) => r.load.split(' ')[0]).join(', ')})`,
  });
}

ensureBuild();
const wrk = ensureWrk();
const jsonPath = join(root, 'docs/images/cost-curve.json');
const kept: Figures[] =
  merge && existsSync(jsonPath)
    ? (JSON.parse(readFileSync(jsonPath, 'utf8')) as Figures[]).filter((r) => !(kinds.includes(r.kind) && sizes.includes(r.size)))
    : [];
const results: Figures[] = [];
for (const kind of kinds) {
  for (const size of sizes) {
    console.log(`\n${label(kind)}, ${size} articles (load ${loadAverage()})`);
    const figures = await measureOne(kind, size, wrk);
    results.push(figures);
    console.log(JSON.stringify(figures));
  }
}
results.push(...kept);
results.sort((a, b) => a.kind.localeCompare(b.kind) || a.size - b.size);
mkdirSync(join(root, 'docs/images'), { recursive: true });
writeFileSync(jsonPath, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\n${table(results)}\n`);
for (const line of goals(results)) console.log(line);
const svgPath = join(root, 'docs/images/cost-curve.svg');
writeFileSync(svgPath, chart(results));
console.log(`\nChart written to ${svgPath}`);
