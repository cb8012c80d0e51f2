/**
 * npm run bench:main-thread -- --url=A[,B] [--paths=/,/mode] [--runs=5] [--after-load-ms=3500] [--tasks]
 * The main thread's CPU time of a reader page, by kind of work (issue 38): a Chromium trace of the page's load
 * until `--after-load-ms` after its load event (phone viewport, no throttling, storage fresh each run), each
 * event's own thread time summed under script, style, layout, paint, HTML parse and other, before and after the
 * load event, plus the tasks over 12.5 ms of thread time (what Lighthouse's 4× CPU slowdown turns into blocking
 * time). Thread time counts only the time the thread ran, so a busy machine weighs on it far less than on
 * Lighthouse's total blocking time; with several `--url`s the runs alternate (A, B, B, A…), and the medians print
 * side by side. `--tasks` also prints each run's long tasks with their largest events.
 */
import { chromium, type CDPSession } from '@playwright/test';
import { numberArg } from './benchServer.ts';
import { median } from './stats.ts';

const argv = process.argv.slice(2);
const urls = (argv.find((arg) => arg.startsWith('--url='))?.slice(6) ?? 'http://127.0.0.1:4480')
  .split(',')
  .map((url) => url.trim().replace(/\/+$/, ''));
const paths = (argv.find((arg) => arg.startsWith('--paths='))?.slice(8) ?? '/').split(',');
const runs = numberArg(argv, 'runs', 5);
const afterLoadMs = numberArg(argv, 'after-load-ms', 3500);
const showTasks = argv.includes('--tasks');
const LONG_TASK_MS = 12.5;

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> & { url?: string; type?: string } };
}

type Kind = 'script' | 'style' | 'layout' | 'paint' | 'parse' | 'other';
const KINDS: Kind[] = ['script', 'style', 'layout', 'paint', 'parse', 'other'];
const kindOf: Record<string, Kind> = {
  FunctionCall: 'script',
  EvaluateScript: 'script',
  'v8.evaluateModule': 'script',
  'v8.compile': 'script',
  'v8.compileModule': 'script',
  'v8.produceModuleCache': 'script',
  RunMicrotasks: 'script',
  TimerFire: 'script',
  EventDispatch: 'script',
  FireAnimationFrame: 'script',
  FireIdleCallback: 'script',
  MinorGC: 'script',
  MajorGC: 'script',
  'V8.GC_SCAVENGER': 'script',
  UpdateLayoutTree: 'style',
  ParseAuthorStyleSheet: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  Commit: 'paint',
  ParseHTML: 'parse',
};

interface Run {
  before: Record<Kind, number>;
  after: Record<Kind, number>;
  longTasks: { at: number; ms: number; detail: string }[];
}

const isTask = (e: TraceEvent) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask';

async function trace(url: string): Promise<Run> {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', ({ value }) => void events.push(...(value as unknown as TraceEvent[])));
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: {
        includedCategories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8.execute',
          'v8',
          'blink.user_timing',
          'loading',
        ],
      },
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(afterLoadMs);
    await cdp.send('Tracing.end');
    await done;
    return summarise(events, url);
  } finally {
    await browser.close();
  }
}

function summarise(events: TraceEvent[], url: string): Run {
  // The page's own navigation and load event (each SVG image is a document with its own too); its main thread is
  // the one of its load event (the navigation may start in another renderer process).
  const pageUrl = url.replace(/\/+$/, '');
  const navigation =
    events.find((e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').replace(/\/+$/, '') === pageUrl) ??
    events.find((e) => e.name === 'navigationStart');
  if (!navigation) throw new Error(`no navigation to ${url} in the trace`);
  const t0 = navigation.ts;
  const frame = (navigation.args as { frame?: string } | undefined)?.frame;
  const load = events.find((e) => e.name === 'MarkLoad' && e.args?.data?.frame === frame);
  if (!load) throw new Error(`no load event of ${url} in the trace`);
  const loadTs = load.ts;
  const main = events.filter((e) => e.pid === load.pid && e.tid === load.tid && e.ph === 'X');
  main.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const run: Run = { before: zero(), after: zero(), longTasks: [] };
  // Nesting by timestamps: each event's own thread time goes to the nearest enclosing event that has a kind.
  const stack: { end: number; kind: Kind; event: TraceEvent; childThread: number }[] = [];
  let task: { event: TraceEvent; parts: Map<string, number> } | null = null;
  const close = (upTo: number) => {
    while (stack.length && (stack.at(-1) as { end: number }).end <= upTo) {
      const frame = stack.pop() as (typeof stack)[number];
      const own = Math.max(0, (frame.event.tdur ?? 0) - frame.childThread) / 1000;
      const bucket = frame.event.ts < loadTs ? run.before : run.after;
      bucket[frame.kind] += own;
      if (task && frame.event !== task.event && own > 0.5) {
        const label = labelOf(frame.event);
        task.parts.set(label, (task.parts.get(label) ?? 0) + own);
      }
      const parent = stack.at(-1);
      if (parent) parent.childThread += frame.event.tdur ?? 0;
      if (task && frame.event === task.event) {
        const ms = (task.event.tdur ?? 0) / 1000;
        if (ms >= LONG_TASK_MS) {
          const detail = [...task.parts]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 4)
            .map(([label, t]) => `${label} ${t.toFixed(1)}`)
            .join('; ');
          run.longTasks.push({ at: Math.round((task.event.ts - t0) / 1000), ms, detail });
        }
        task = null;
      }
    }
  };
  for (const event of main) {
    if (event.dur === undefined || event.tdur === undefined || event.ts < t0) continue;
    close(event.ts);
    const parent = stack.at(-1);
    const kind = kindOf[event.name] ?? (/^v8\.|^V8\./.test(event.name) ? 'script' : (parent?.kind ?? 'other'));
    if (!parent && !isTask(event)) continue;
    if (!parent) task = { event, parts: new Map() };
    stack.push({ end: event.ts + event.dur, kind, event, childThread: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  return run;
}

function labelOf(event: TraceEvent): string {
  const data = event.args?.data ?? {};
  const url = typeof data.url === 'string' ? data.url.replace(/^https?:\/\/[^/]+/, '') : '';
  return [event.name, data.type, url].filter(Boolean).join(' ');
}

function zero(): Record<Kind, number> {
  return { script: 0, style: 0, layout: 0, paint: 0, parse: 0, other: 0 };
}

for (const path of paths) {
  const results = new Map<string, Run[]>(urls.map((url) => [url, []]));
  // Warm-up: server caches, the browser's code cache.
  for (const url of urls) await trace(`${url}${path}`).catch(() => null);
  for (let i = 0; i < runs; i++) {
    for (const url of i % 2 === 0 ? urls : [...urls].reverse()) {
      const run = await trace(`${url}${path}`).catch((error: Error) => {
        console.log(`  ${url}${path}: run counted out (${error.message})`);
        return null;
      });
      if (!run) continue;
      results.get(url)?.push(run);
      if (showTasks) {
        console.log(`${url}${path} run ${i + 1}:`);
        for (const t of run.longTasks) console.log(`  ${t.ms.toFixed(1)} ms at ${t.at} ms: ${t.detail}`);
      }
    }
  }
  const rows: Record<string, string | number>[] = [];
  for (const [url, list] of results) {
    const row: Record<string, string | number> = { page: path, server: url };
    for (const phase of ['before', 'after'] as const) {
      for (const kind of KINDS)
        row[`${phase === 'before' ? 'load' : 'post'}_${kind}`] = Math.round(median(list.map((r) => r[phase][kind])));
      row[`${phase === 'before' ? 'load' : 'post'}_total`] = Math.round(
        median(list.map((r) => KINDS.reduce((sum, kind) => sum + r[phase][kind], 0))),
      );
    }
    row.long_tasks = median(list.map((r) => r.longTasks.length));
    row.long_ms_over_12_5 = Math.round(median(list.map((r) => r.longTasks.reduce((sum, t) => sum + t.ms - LONG_TASK_MS, 0))));
    rows.push(row);
  }
  console.log(`\nMain-thread CPU time (ms of thread time, median of ${runs}), ${path}: until load / after load`);
  console.table(rows);
}
