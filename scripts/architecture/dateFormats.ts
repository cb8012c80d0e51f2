/**
 * Dates are written by one module (issue 39, point 9): src/lib/frenchDates.ts (with frenchDatesCore.ts, the part
 * readers' pages load at start, issue 38) gives « 1er », the day unless it
 * is today, « 13 h 53 » and Paris time; any other formatting of a date in shipped code (`toLocaleDateString`,
 * `Intl.DateTimeFormat`, a date's `toLocaleString`, a clock built from `getHours()`, a date library) is
 * reported with its file and line. Machine formats (`toISOString`, an RSS feed's `toUTCString`) are not dates
 * for readers and stay where they are.
 */
import type { SourceFile } from './sourceFiles.ts';

const HELPERS = new Set(['src/lib/frenchDates.ts', 'src/lib/frenchDatesCore.ts']);
/** Reshaped in parallel by another branch (issue 39's live blog desk); its one time is listed in that work. */
const PENDING = new Set<string>();

const FORMATTING = [
  /\.toLocale(Date|Time)String\(/,
  /\bDateTimeFormat\b/,
  /\bRelativeTimeFormat\b/,
  /\.to(Date|Time)String\(/,
  // A date's toLocaleString (a number's, for a price or a count, is not a date).
  /Date\([^)]*\)\.toLocaleString\(/,
  /\.toLocaleString\([^)]*\b(timeZone|dateStyle|timeStyle|hour|month|weekday)\b/,
  // A clock or a calendar day put together by hand.
  /\.get(UTC)?(Hours|Minutes)\(\)/,
  /\.get(UTC)?Month\(\)\s*\+\s*1\b/,
  /from ['"](date-fns|dayjs|moment|luxon)(\/[^'"]*)?['"]/,
];

export function dateFormatViolations(files: readonly SourceFile[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    if (HELPERS.has(file.path) || PENDING.has(file.path)) continue;
    file.text.split('\n').forEach((line, index) => {
      if (FORMATTING.some((pattern) => pattern.test(line))) found.push(`${file.path}:${index + 1}: ${line.trim()}`);
    });
  }
  return found;
}
