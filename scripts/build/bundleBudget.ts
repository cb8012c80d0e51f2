/**
 * The JavaScript budget's rules (bundle-budget.config.ts), applied to a client build described by its bundle
 * report (scripts/build/bundleReport.ts). What a page loads at start: the entry chunk, the chunks of its route
 * that hydration loads (every split part but the loader, which only runs on a client-side navigation), and
 * every chunk those import statically — what TanStack Start announces with <link rel="modulepreload">.
 * Pure: sizes come from a function, so the tests can hold a made-up build against it.
 */
import type { ForbiddenCode, PageBudget } from '../../bundle-budget.config.ts';
import type { BundleReport, ReportedChunk } from './bundleReport.ts';

export interface BudgetRules {
  pages: Record<string, PageBudget>;
  forbidden: ForbiddenCode[];
}

export interface PageFigure {
  page: string;
  files: string[];
  brotliBytes: number;
  maxBrotliBytes: number;
}

export interface BudgetResult {
  figures: PageFigure[];
  /** One sentence per broken rule; empty when the build is within budget. */
  failures: string[];
}

/** A split part of a route module, as TanStack Router's plugin names it: `<file>?tsr-split=<part>`. */
function isLoadedAtStart(moduleId: string, route: string): boolean {
  if (moduleId === route) return true;
  if (!moduleId.startsWith(`${route}?tsr-split=`)) return false;
  const parts = moduleId.slice(route.length + '?tsr-split='.length).split(/[-_&]/);
  return !(parts.length === 1 && parts[0] === 'loader');
}

/** The chunks a page loads at start, entry first, in the order they were reached. */
export function startChunks(report: BundleReport, route: string): ReportedChunk[] {
  const byFile = new Map(report.chunks.map((chunk) => [chunk.fileName, chunk]));
  const roots = report.chunks.filter((chunk) => chunk.isEntry || Object.keys(chunk.modules).some((id) => isLoadedAtStart(id, route)));
  if (!roots.some((chunk) => Object.keys(chunk.modules).some((id) => id === route || id.startsWith(`${route}?`)))) {
    throw new Error(`no chunk holds the route ${route}: is its path right in bundle-budget.config.ts?`);
  }
  const seen = new Set<string>();
  const out: ReportedChunk[] = [];
  const visit = (chunk: ReportedChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    out.push(chunk);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (!imported) throw new Error(`${chunk.fileName} imports ${file}, which the bundle report does not list`);
      visit(imported);
    }
  };
  for (const chunk of roots.sort((a, b) => Number(b.isEntry) - Number(a.isEntry))) visit(chunk);
  return out;
}

/** How a module came to be loaded: the chain of importers back to a module outside the forbidden code. */
function importChain(report: BundleReport, moduleId: string, inChunks: Set<string>): string[] {
  const chain = [moduleId];
  let current = moduleId;
  while (chain.length < 6) {
    const next = (report.importers[current] ?? []).find((by) => inChunks.has(by) && !chain.includes(by));
    if (!next) break;
    chain.push(next);
    current = next;
  }
  return chain;
}

export function checkBundleBudget(report: BundleReport, rules: BudgetRules, brotliSizeOf: (file: string) => number): BudgetResult {
  const figures: PageFigure[] = [];
  const failures: string[] = [];
  for (const [page, budget] of Object.entries(rules.pages)) {
    const chunks = startChunks(report, budget.route);
    const files = chunks.map((chunk) => chunk.fileName);
    const brotliBytes = files.reduce((sum, file) => sum + brotliSizeOf(file), 0);
    figures.push({ page, files, brotliBytes, maxBrotliBytes: budget.maxBrotliBytes });
    if (brotliBytes > budget.maxBrotliBytes) {
      failures.push(
        `${page}: ${brotliBytes} bytes of JavaScript (brotli) at start, over its budget of ${budget.maxBrotliBytes} by ${brotliBytes - budget.maxBrotliBytes} (${files.join(', ')})`,
      );
    }
    const modules = new Set(chunks.flatMap((chunk) => Object.keys(chunk.modules)));
    for (const chunk of chunks) {
      for (const moduleId of Object.keys(chunk.modules)) {
        const rule = rules.forbidden.find(({ pattern }) => pattern.test(moduleId));
        if (!rule) continue;
        failures.push(
          `${page}: ${moduleId} is in ${chunk.fileName}, loaded at start (${rule.why}); imported by ${importChain(report, moduleId, modules).slice(1).join(' ← ') || 'nothing in those chunks'}`,
        );
      }
    }
  }
  return { figures, failures };
}

export function formatBudgetTable(figures: PageFigure[]): string {
  const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  const rows = figures.map((f) => [
    f.page,
    String(f.files.length),
    `${f.brotliBytes}`,
    kB(f.brotliBytes),
    kB(f.maxBrotliBytes),
    f.brotliBytes > f.maxBrotliBytes ? `OVER by ${kB(f.brotliBytes - f.maxBrotliBytes)}` : `${kB(f.maxBrotliBytes - f.brotliBytes)} left`,
  ]);
  const header = ['page', 'files', 'brotli bytes', 'brotli', 'budget', ''];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 || i === 5 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  return [line(header), ...rows.map(line)].join('\n').replace(/ +$/gm, '');
}
