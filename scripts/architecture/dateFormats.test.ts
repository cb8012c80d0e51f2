import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dateFormatViolations } from './dateFormats.ts';
import { readShippedSources } from './sourceFiles.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('dates formatted by one helper (issue 39)', () => {
  it('formats dates for people only in src/lib/frenchDates.ts and its core', () => {
    const files = readShippedSources(root);
    expect(files.length).toBeGreaterThan(100);
    expect(dateFormatViolations(files)).toEqual([]);
  });

  it('refuses every other way of writing a date, and leaves numbers and machine formats alone', () => {
    const lines = [
      "new Date(iso).toLocaleDateString('fr-FR')",
      "at.toLocaleTimeString('fr-FR', { hour: '2-digit' })",
      "new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long' })",
      "new Date(run.createdAt).toLocaleString('fr-FR')",
      "value.toLocaleString('fr-FR', { timeZone: 'Europe/Paris' })",
      "pad(date.getHours()) + ':' + pad(date.getMinutes())",
      "date.getFullYear() + '-' + (date.getMonth() + 1)",
      "import { format } from 'date-fns';",
      'date.toDateString()',
      // Not dates for readers: a count, a price, an instant for machines, an RSS date.
      "words.toLocaleString('fr-FR')",
      "(cents / 100).toLocaleString('fr-FR', { minimumFractionDigits: 2 })",
      'new Date(at).toISOString()',
      "'<pubDate>' + new Date(article.publishedAt).toUTCString()",
    ];
    const files = [
      { path: 'src/features/newsroom/SomePage.tsx', text: lines.join('\n') },
      { path: 'src/lib/frenchDates.ts', text: "new Intl.DateTimeFormat('fr-FR', options)" },
    ];
    expect(dateFormatViolations(files).map((v) => v.replace(/: .*$/, ''))).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9].map((line) => `src/features/newsroom/SomePage.tsx:${line}`),
    );
  });
});
