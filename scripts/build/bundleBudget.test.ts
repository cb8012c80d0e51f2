import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleBudget } from '../../bundle-budget.config.ts';
import { type BudgetRules, checkBundleBudget, formatBudgetTable, startChunks } from './bundleBudget.ts';
import { BUNDLE_REPORT_FILE, type BundleReport, type ReportedChunk, reportedModuleId } from './bundleReport.ts';
import { checkBuiltBundle } from './checkBundleBudget.ts';

const ARTICLE = 'src/routes/$slug/$url.tsx';

function chunk(fileName: string, modules: string[], more: Partial<ReportedChunk> = {}): ReportedChunk {
  return { fileName, isEntry: false, imports: [], dynamicImports: [], modules: Object.fromEntries(modules.map((m) => [m, 100])), ...more };
}

/** A small build: the entry, the article's component with a shared chunk, its split loader, and the newsroom's lazy chunk. */
function build(extra: { entryModules?: string[]; sharedModules?: string[] } = {}): BundleReport {
  return {
    chunks: [
      chunk(
        'assets/index.js',
        ['node_modules/react-dom/index.js', 'src/router.tsx', 'src/readerRouteTree.ts', ARTICLE, ...(extra.entryModules ?? [])],
        {
          isEntry: true,
          dynamicImports: ['assets/_url.js', 'assets/_url-loader.js', 'assets/admin-NewsroomShell.js'],
        },
      ),
      chunk('assets/_url.js', [`${ARTICLE}?tsr-split=component`], { imports: ['assets/index.js', 'assets/ArticleView.js'] }),
      chunk('assets/ArticleView.js', ['src/components/ArticleView.tsx', ...(extra.sharedModules ?? [])], { imports: ['assets/index.js'] }),
      chunk('assets/_url-loader.js', [`${ARTICLE}?tsr-split=loader`, 'src/api/queries/heavy.ts']),
      chunk('assets/admin-NewsroomShell.js', ['src/features/newsroom/NewsroomShell.tsx', 'node_modules/@tiptap/core/index.js']),
    ],
    importers: {
      'src/features/newsroom/RichTextEditor.tsx': ['src/components/ArticleView.tsx'],
      'src/components/ArticleView.tsx': [`${ARTICLE}?tsr-split=component`],
    },
  };
}

const sizes: Record<string, number> = {
  'assets/index.js': 90_000,
  'assets/_url.js': 300,
  'assets/ArticleView.js': 2_000,
  'assets/_url-loader.js': 50_000,
  'assets/admin-NewsroomShell.js': 200_000,
};
const sizeOf = (file: string) => sizes[file] ?? 0;

function rules(maxBrotliBytes: number): BudgetRules {
  return { pages: { article: { route: ARTICLE, maxBrotliBytes } }, forbidden: bundleBudget.forbidden };
}

describe('the JavaScript budget', () => {
  it('counts the entry, the route’s component and what they import, not its loader nor lazy chunks', () => {
    expect(startChunks(build(), ARTICLE).map((c) => c.fileName)).toEqual(['assets/index.js', 'assets/_url.js', 'assets/ArticleView.js']);
    const { figures, failures } = checkBundleBudget(build(), rules(92_300), sizeOf);
    expect(figures).toEqual([
      {
        page: 'article',
        files: ['assets/index.js', 'assets/_url.js', 'assets/ArticleView.js'],
        brotliBytes: 92_300,
        maxBrotliBytes: 92_300,
      },
    ]);
    expect(failures).toEqual([]);
  });

  it('fails a page one byte over its budget', () => {
    const { failures } = checkBundleBudget(build(), rules(92_299), sizeOf);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/^article: 92300 bytes .* over its budget of 92299 by 1/);
  });

  it('fails when newsroom or editor code is in a chunk loaded at start, and says how it got there', () => {
    const report = build({ sharedModules: ['src/features/newsroom/RichTextEditor.tsx', 'node_modules/@tiptap/core/index.js'] });
    const { failures } = checkBundleBudget(report, rules(1_000_000), sizeOf);
    expect(failures).toHaveLength(2);
    expect(failures[0]).toContain('src/features/newsroom/RichTextEditor.tsx is in assets/ArticleView.js');
    expect(failures[0]).toContain(`imported by src/components/ArticleView.tsx ← ${ARTICLE}?tsr-split=component`);
    expect(failures[1]).toContain('node_modules/@tiptap/core/index.js is in assets/ArticleView.js');
  });

  it('fails on server, mail and QA code in the entry chunk', () => {
    const report = build({
      entryModules: ['src/server/newsletter/send.ts', 'src/mail/newsletterIssueMail.tsx', 'src/qa/InspectorPage.tsx'],
    });
    const { failures } = checkBundleBudget(report, rules(1_000_000), sizeOf);
    expect(failures.map((f) => f.split(' is in ')[0])).toEqual([
      'article: src/server/newsletter/send.ts',
      'article: src/mail/newsletterIssueMail.tsx',
      'article: src/qa/InspectorPage.tsx',
    ]);
  });

  it('refuses the staff’s route modules, split or not, and the whole route tree (decision 034)', () => {
    for (const module of [
      'src/routes/admin/index.tsx',
      'src/routes/admin/index.tsx?tsr-split=component',
      'src/routes/apercu-quizz.$token.tsx',
      'src/routes/apercu.$token.tsx',
      'src/routes/qa/machines.tsx',
      'src/routeTree.gen.ts',
    ]) {
      const { failures } = checkBundleBudget(build({ entryModules: [module] }), rules(1_000_000), sizeOf);
      expect(failures.map((f) => f.split(' is in ')[0])).toEqual([`article: ${module}`]);
    }
    const readers = checkBundleBudget(
      build({ entryModules: ['src/readerRouteTree.ts', 'src/routes/quizz/$url/index.tsx', 'src/routes/quizzes.tsx'] }),
      rules(1_000_000),
      sizeOf,
    );
    expect(readers.failures).toEqual([]);
  });

  it('refuses a route that no chunk holds (a mistyped path would otherwise measure the entry alone)', () => {
    expect(() =>
      checkBundleBudget(build(), { pages: { x: { route: 'src/routes/nope.tsx', maxBrotliBytes: 1 } }, forbidden: [] }, sizeOf),
    ).toThrow(/no chunk holds the route src\/routes\/nope\.tsx/);
  });

  it('prints figures against budgets', () => {
    const table = formatBudgetTable([{ page: 'article', files: ['a', 'b'], brotliBytes: 118_784, maxBrotliBytes: 117_760 }]);
    expect(table).toContain('article');
    expect(table).toContain('116.0 kB');
    expect(table).toContain('OVER by 1.0 kB');
  });

  it('holds the article, home and category pages to issue 38’s 100 kB at most', () => {
    for (const page of [bundleBudget.pages.article, bundleBudget.pages.home, bundleBudget.pages.category]) {
      expect(page.maxBrotliBytes).toBeLessThanOrEqual(100 * 1024);
    }
  });
});

describe('the budget read from a build on disk', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function writeBuild(report: BundleReport, files: Record<string, number>) {
    root = mkdtempSync(join(tmpdir(), 'piquante-budget-'));
    const write = (path: string, bytes: number) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), Buffer.alloc(bytes));
    };
    write(BUNDLE_REPORT_FILE, 0);
    writeFileSync(join(root, BUNDLE_REPORT_FILE), JSON.stringify(report));
    for (const [path, bytes] of Object.entries(files)) write(join('dist/client', path), bytes);
  }

  it('counts the brotli copy of a file, or the file itself when it is too small to have one', () => {
    writeBuild(build(), {
      'assets/index.js': 300_000,
      'assets/index.js.br': 90_000,
      'assets/_url.js': 300,
      'assets/ArticleView.js': 6_000,
      'assets/ArticleView.js.br': 2_000,
      'assets/_url-loader.js': 1,
      'assets/admin-NewsroomShell.js': 1,
    });
    expect(checkBuiltBundle(root, rules(92_300))).toMatchObject({ figures: [{ brotliBytes: 92_300 }], failures: [] });
    expect(checkBuiltBundle(root, rules(92_000)).failures).toHaveLength(1);
  });

  it('refuses a report from another build than the files beside it', () => {
    writeBuild(build(), { 'assets/index.js': 1 });
    expect(() => checkBuiltBundle(root, rules(1))).toThrow(/names assets\/_url\.js, missing from dist\/client/);
  });

  it('asks for a build when there is none', () => {
    root = mkdtempSync(join(tmpdir(), 'piquante-budget-'));
    expect(() => checkBuiltBundle(root, rules(1))).toThrow(/bundle-report\.json is missing: build first/);
  });
});

describe('the bundle report', () => {
  it('names modules relative to the project, with the route splitter’s query, and virtual modules as they are', () => {
    expect(reportedModuleId('/work/p/src/routes/$slug/$url.tsx?tsr-split=component', '/work/p')).toBe(
      'src/routes/$slug/$url.tsx?tsr-split=component',
    );
    expect(reportedModuleId('/work/p/node_modules/react/index.js', '/work/p')).toBe('node_modules/react/index.js');
    expect(reportedModuleId('\0vite/preload-helper.js', '/work/p')).toBe('vite/preload-helper.js');
  });
});
