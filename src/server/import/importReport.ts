/**
 * The report of an import (issue 20): counts per kind, and one line for every item not imported as is.
 * The same object is printed by the command, written by `--report FILE.json` and shown in the newsroom.
 */
import type { ImportReport } from '../../api/types.ts';
import type { ImportSourceKind } from '../../db/schema.ts';

// The contract's shapes (openapi/magazine.yaml): the newsroom shows this very object.
export type { ImportReport };
export type ReportLine = ImportReport['lines'][number];
export type ItemOutcome = ReportLine['outcome'];
export type ReportCounts = ImportReport['counts'][string];

const MAX_LINES = 50_000;

export function newReport(source: ImportSourceKind, dryRun: boolean, now: Date): ImportReport {
  return { source, dryRun, startedAt: now.toISOString(), finishedAt: null, counts: {}, lines: [] };
}

const emptyCounts = (): ReportCounts => ({ imported: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 });

/** Counts the item; lists it when it has reasons or did not come in. */
export function record(report: ImportReport, line: ReportLine): void {
  const counts = report.counts[line.kind] ?? emptyCounts();
  report.counts[line.kind] = counts;
  counts[line.outcome] += 1;
  const listed = line.reasons.length > 0 || line.outcome === 'failed' || line.outcome === 'skipped';
  // A file with a million comments must not make a report of a million lines: they are counted.
  if (listed && report.lines.length < MAX_LINES) report.lines.push(line);
}

const KIND_LABELS: Record<string, string> = {
  author: 'signatures',
  category: 'rubriques',
  tag: 'tags',
  post: 'articles',
  page: 'pages',
  image: 'images',
  comment: 'commentaires',
  menu: 'menus',
};

/** The report as the command prints it: a table of counts, then a line per item. */
export function formatReport(report: ImportReport): string {
  const out: string[] = [];
  out.push(report.dryRun ? 'Essai à blanc (--dry-run) : rien n’a été écrit.' : 'Import terminé.');
  out.push('');
  out.push('type            importés  mis à jour  inchangés  ignorés  en échec');
  for (const [kind, c] of Object.entries(report.counts)) {
    const label = (KIND_LABELS[kind] ?? kind).padEnd(15);
    out.push(
      `${label} ${String(c.imported).padStart(8)}  ${String(c.updated).padStart(10)}  ${String(c.unchanged).padStart(9)}  ${String(c.skipped).padStart(7)}  ${String(c.failed).padStart(8)}`,
    );
  }
  if (report.lines.length > 0) {
    out.push('');
    out.push('Détail :');
    for (const line of report.lines) {
      const title = line.title ? ` « ${line.title.slice(0, 80)} »` : '';
      out.push(
        `- ${KIND_LABELS[line.kind] ?? line.kind} ${line.sourceId}${title} (${outcomeLabel(line.outcome)}) : ${line.reasons.join(' ; ') || '—'}`,
      );
    }
  }
  return out.join('\n');
}

function outcomeLabel(outcome: ItemOutcome): string {
  return { imported: 'importé', updated: 'mis à jour', unchanged: 'inchangé', skipped: 'ignoré', failed: 'en échec' }[outcome];
}
