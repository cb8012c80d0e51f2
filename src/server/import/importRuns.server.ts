/**
 * Imports started from the newsroom (issue 20): the uploaded file waits on the server's disk, a job of the
 * one queue imports it, and its row holds the progress and the report the admin reads.
 */
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type ImportRunStatus, type ImportSourceKind, importRuns, staff } from '../../db/schema.ts';
import type { ImportReport, ImportRun } from '../../api/types.ts';

export type ImportRunRow = typeof importRuns.$inferSelect;

export interface NewImportRun {
  source: ImportSourceKind;
  fileName: string;
  filePath: string;
  dryRun: boolean;
  categorySlug: string | null;
  pagesCategorySlug: string | null;
  startedBy: number | null;
  now: Date;
}

export async function createImportRun(db: Database, run: NewImportRun): Promise<ImportRunRow> {
  const [row] = await db
    .insert(importRuns)
    .values({
      source: run.source,
      fileName: run.fileName,
      filePath: run.filePath,
      dryRun: run.dryRun,
      status: 'queued',
      // The options ride in the report column until the run writes its report.
      report: { options: { categorySlug: run.categorySlug, pagesCategorySlug: run.pagesCategorySlug } },
      startedBy: run.startedBy,
      createdAt: run.now,
    })
    .returning();
  if (!row) throw new Error('import run insert returned nothing');
  return row;
}

export async function findImportRun(db: Database, id: number): Promise<ImportRunRow | null> {
  const [row] = await db.select().from(importRuns).where(eq(importRuns.id, id));
  return row ?? null;
}

export async function setImportRunProgress(
  db: Database,
  id: number,
  done: number,
  total: number | null,
  status: ImportRunStatus = 'running',
) {
  await db.update(importRuns).set({ status, done, total }).where(eq(importRuns.id, id));
}

export async function finishImportRun(db: Database, id: number, outcome: { report: ImportReport } | { error: string }, now: Date) {
  await db
    .update(importRuns)
    .set(
      'report' in outcome
        ? { status: 'done', report: { ...outcome.report }, finishedAt: now }
        : { status: 'failed', error: outcome.error, finishedAt: now },
    )
    .where(eq(importRuns.id, id));
}

/** The options a run was started with (kept until its report replaces them). */
export function importRunOptions(row: ImportRunRow): { categorySlug: string | null; pagesCategorySlug: string | null } {
  const options = (row.report as { options?: { categorySlug?: string | null; pagesCategorySlug?: string | null } } | null)?.options;
  return { categorySlug: options?.categorySlug ?? null, pagesCategorySlug: options?.pagesCategorySlug ?? null };
}

export async function listImportRuns(db: Database, page: { limit: number; offset: number }) {
  const rows = await db
    .select({ run: importRuns, staffName: staff.name })
    .from(importRuns)
    .leftJoin(staff, eq(staff.id, importRuns.startedBy))
    .orderBy(desc(importRuns.createdAt), desc(importRuns.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((r) => toAdminImportRun(r.run, r.staffName));
}

export async function adminImportRun(db: Database, id: number) {
  const [row] = await db
    .select({ run: importRuns, staffName: staff.name })
    .from(importRuns)
    .leftJoin(staff, eq(staff.id, importRuns.startedBy))
    .where(eq(importRuns.id, id));
  return row ? toAdminImportRun(row.run, row.staffName) : null;
}

/** The report column holds what finishImportRun wrote: an ImportReport (its counts and lines say so). */
function isImportReport(value: unknown): value is ImportReport {
  return typeof value === 'object' && value !== null && 'counts' in value && 'lines' in value;
}

export function toAdminImportRun(row: ImportRunRow, staffName: string | null): ImportRun {
  const report = row.status === 'done' && isImportReport(row.report) ? row.report : null;
  return {
    id: row.id,
    source: row.source,
    fileName: row.fileName,
    dryRun: row.dryRun,
    status: row.status,
    done: row.done,
    total: row.total,
    report,
    error: row.error,
    startedBy: staffName,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
