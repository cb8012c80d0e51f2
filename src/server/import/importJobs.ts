/**
 * The queue's handler for imports started in the newsroom: opens the uploaded file, runs the import with
 * its progress written to the run's row (at most every 500 ms), stores the report, deletes the file. A
 * process killed mid-import stops the job's heartbeat; the job runs again and, imports being safe to
 * repeat, ends the work without duplicating anything.
 */
import { rm } from 'node:fs/promises';
import type { Database } from '../../db/client.ts';
import type { RecordPurge } from '../cache/cacheTags.ts';
import type { JobHandlers } from '../jobs/jobKinds.ts';
import type { UploadLimits } from '../newsroom/media/uploadRules.ts';
import type { MediaStorage } from '../newsroom/mediaStorage.ts';
import type { DownloadAccess } from './importImages.ts';
import { ImportFileError } from './importModel.ts';
import { findImportRun, finishImportRun, importRunOptions, setImportRunProgress } from './importRuns.server.ts';

export interface ImportJobDeps {
  db: Database;
  storage: MediaStorage;
  now: () => Date;
  contentChanged: () => Promise<void>;
  /** Records the CDN's purge in each item's transaction (decision 032). */
  recordPurge?: RecordPurge;
  /** Download images the export does not hold (IMPORT_DOWNLOAD_IMAGES=0 turns it off). */
  download: boolean;
  /** Where those downloads may go (OUTBOUND_ALLOW_HOSTS), and in tests how names resolve. */
  access: DownloadAccess;
  /** The media library's limits (MEDIA_MAX_BYTES…), from the server's configuration. */
  limits: UploadLimits;
}

const PROGRESS_EVERY_MS = 500;

// The importers (XML, zip and JSON streaming parsers, Gutenberg, htmlparser2) load with the first import, not at
// start: a server that never imports never holds them (issue 38, decision 029).
const loadImporters = () => Promise.all([import('./importWriter.ts'), import('./openImportSource.ts')]);

export function importJobHandlers(deps: ImportJobDeps): Pick<JobHandlers, 'import.run'> {
  return {
    'import.run': async ({ runId }) => {
      const run = await findImportRun(deps.db, runId);
      if (!run || run.status === 'done' || run.status === 'failed') return;
      await setImportRunProgress(deps.db, runId, 0, null);
      const [{ ImportOptionError, runImport }, { openImportSource }] = await loadImporters();
      let source: Awaited<ReturnType<typeof openImportSource>>;
      try {
        source = await openImportSource(run.source, run.filePath);
      } catch (error) {
        if (!(error instanceof ImportFileError)) throw error;
        await finishImportRun(deps.db, runId, { error: error.message }, deps.now());
        await rm(run.filePath, { force: true });
        return;
      }
      let last = 0;
      try {
        const options = importRunOptions(run);
        const { report, publicChange } = await runImport(deps.db, source, {
          dryRun: run.dryRun,
          categorySlug: options.categorySlug,
          pagesCategorySlug: options.pagesCategorySlug,
          download: deps.download,
          access: deps.access,
          storage: deps.storage,
          limits: deps.limits,
          now: deps.now,
          ...(deps.recordPurge ? { recordPurge: deps.recordPurge } : {}),
          onProgress: (done, total) => {
            const at = Date.now();
            if (at - last < PROGRESS_EVERY_MS && done !== total) return;
            last = at;
            void setImportRunProgress(deps.db, runId, done, total).catch(() => {});
          },
        });
        const posts = (report.counts.post?.imported ?? 0) + (report.counts.post?.updated ?? 0) + (report.counts.post?.unchanged ?? 0);
        const pages = Object.entries(report.counts)
          .filter(([kind]) => kind === 'page')
          .reduce((sum, [, c]) => sum + c.imported + c.updated + c.unchanged + c.skipped + c.failed, 0);
        await setImportRunProgress(deps.db, runId, posts + pages, source.postCount ?? posts + pages, 'running');
        await finishImportRun(deps.db, runId, { report }, deps.now());
        if (publicChange) await deps.contentChanged();
      } catch (error) {
        if (error instanceof ImportFileError || error instanceof ImportOptionError) {
          await finishImportRun(deps.db, runId, { error: error.message }, deps.now());
        } else throw error;
      } finally {
        await source.close();
      }
      await rm(run.filePath, { force: true });
    },
  };
}
