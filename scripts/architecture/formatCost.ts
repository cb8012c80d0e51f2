/**
 * What a format costs in code of its own (issue 33, decision 027): its files outside its tests, its contract
 * entries and the generated code, each with its line count (every line, and the non-blank ones), and the
 * totals. The lists are kept here by hand: a new format's files go in its entry.
 *
 *   node --experimental-strip-types scripts/architecture/formatCost.ts [format]
 */
import { readFileSync } from 'node:fs';

export const formatFiles: Record<string, readonly string[]> = {
  liveBlog: [
    'src/formats/liveBlogFormat.ts',
    'src/server/liveblog/liveBlogFormat.ts',
    'src/features/newsroom/LiveBlogDesk.tsx',

    'src/features/liveblog/LiveNowList.tsx',
    'src/features/liveblog/LiveBlogView.tsx',
    'src/routes/direct.$slug.tsx',
    'src/routes/admin/directs.index.tsx',
    'src/routes/admin/directs.$id.tsx',
  ],
};

export interface FileCost {
  path: string;
  lines: number;
  nonBlank: number;
}

export function costOf(text: string): { lines: number; nonBlank: number } {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return { lines: lines.length, nonBlank: lines.filter((line) => line.trim() !== '').length };
}

export function formatCost(format: string, read: (path: string) => string = (path) => readFileSync(path, 'utf8')): FileCost[] {
  const files = formatFiles[format];
  if (!files) throw new Error(`unknown format ${format}: ${Object.keys(formatFiles).join(', ')}`);
  return files.map((path) => ({ path, ...costOf(read(path)) }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const format = process.argv[2] ?? 'liveBlog';
  const costs = formatCost(format);
  for (const { path, lines, nonBlank } of costs) console.log(`${String(lines).padStart(5)} ${String(nonBlank).padStart(5)}  ${path}`);
  const total = (key: 'lines' | 'nonBlank') => costs.reduce((sum, c) => sum + c[key], 0);
  console.log(
    `${String(total('lines')).padStart(5)} ${String(total('nonBlank')).padStart(5)}  ${format}: ${costs.length} files (lines, non-blank)`,
  );
}
