/**
 * npm run check:bundle — holds the last client build (dist/) against the JavaScript budget
 * (bundle-budget.config.ts): prints each page's figures against its budget and fails when a page is over it
 * or loads staff/server code at start. Builds nothing: run it after `vite build` (the browser tests run the
 * same check on the build they made, tests/e2e/bundle-budget.spec.ts).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleBudget } from '../../bundle-budget.config.ts';
import { type BudgetResult, type BudgetRules, checkBundleBudget, formatBudgetTable } from './bundleBudget.ts';
import { BUNDLE_REPORT_FILE, type BundleReport } from './bundleReport.ts';

/**
 * The budget applied to the build in `root`/dist. The bytes of a file are those of its brotli copy, as the
 * server sends it; a file too small to have one (under 512 bytes) counts as it is.
 */
export function checkBuiltBundle(root: string, rules: BudgetRules = bundleBudget): BudgetResult {
  const reportFile = join(root, BUNDLE_REPORT_FILE);
  if (!existsSync(reportFile)) throw new Error(`${reportFile} is missing: build first (npx vite build)`);
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as BundleReport;
  const clientDir = join(root, 'dist/client');
  // The client directory is emptied by every build, the report overwritten: a chunk it names that is not
  // there means the two come from different builds.
  for (const chunk of report.chunks) {
    if (!existsSync(join(clientDir, chunk.fileName))) {
      throw new Error(`${BUNDLE_REPORT_FILE} names ${chunk.fileName}, missing from dist/client: build again`);
    }
  }
  return checkBundleBudget(report, rules, (file) => {
    const path = join(clientDir, file);
    return statSync(existsSync(`${path}.br`) ? `${path}.br` : path).size;
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(fileURLToPath(import.meta.url), '../../..');
  const { figures, failures } = checkBuiltBundle(root);
  console.log('JavaScript loaded at start (brotli, as sent), against bundle-budget.config.ts:\n');
  console.log(formatBudgetTable(figures));
  for (const figure of figures) console.log(`  ${figure.page}: ${figure.files.join(', ')}`);
  if (failures.length > 0) {
    console.error(`\n${failures.length} broken rule(s):\n${failures.map((f) => `- ${f}`).join('\n')}`);
    process.exit(1);
  }
}
