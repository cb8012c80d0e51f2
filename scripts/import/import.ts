/**
 * npm run import -- wordpress FILE.xml [--uploads DIR] [options]
 * npm run import -- ghost FILE.json|FILE.zip [options]
 *
 * Imports a WordPress export (WXR) or a Ghost export into the configured database (PGlite with the server
 * stopped, or PostgreSQL beside a running server), with a progress bar and a report. Safe to run again.
 * Options: --dry-run (writes nothing, same report), --report FILE.json, --category SLUG (posts without a
 * category), --pages-category SLUG (pages as drafts there; skipped without it), --no-download (only the
 * images the export holds), --site-url URL (Ghost: the old site's address, which its export does not hold).
 * Images are downloaded from public addresses only, plus the hosts named in OUTBOUND_ALLOW_HOSTS (decision 026).
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { cdnPurgeRecorder } from '../../src/server/cache/contentPurge.ts';
import { CdnPurgeConfigError, cdnPurgeConfigFromEnv } from '../../src/server/config/cdnPurgeConfig.ts';
import { OutboundConfigError, outboundPolicyFromEnv } from '../../src/server/config/outboundConfig.ts';
import { notifyContentChanged } from '../../src/server/http/pageCacheInvalidation.ts';
import { ImportFileError } from '../../src/server/import/importModel.ts';
import { formatReport } from '../../src/server/import/importReport.ts';
import { ImportOptionError, runImport } from '../../src/server/import/importWriter.ts';
import { isImportSourceKind, openImportSource } from '../../src/server/import/openImportSource.ts';
import { mediaStorageFromEnv } from '../../src/server/config/mediaStorageConfig.ts';
import { newsroomConfigFromEnv } from '../../src/server/config/newsroomConfig.ts';
import { openConfiguredDatabase } from '../lib/openConfiguredDatabase.ts';
import { progressBar } from './progressBar.ts';
import { contentChangeRoutesFromEnv } from '../../src/server/config/contentChangeRoutes.ts';

const IMPORT_SHARED_BUFFERS = process.env.IMPORT_PGLITE_SHARED_BUFFERS ?? '32MB';

const USAGE =
  'Usage: npm run import -- wordpress|ghost FILE [--uploads DIR] [--dry-run] [--report FILE.json] [--category SLUG] [--pages-category SLUG] [--no-download] [--site-url URL (Ghost)]';

let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    allowPositionals: true,
    options: {
      uploads: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      report: { type: 'string' },
      category: { type: 'string' },
      'pages-category': { type: 'string' },
      'no-download': { type: 'boolean', default: false },
      'site-url': { type: 'string' },
    },
  });
}
try {
  parsed = parse();
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const [kind, file] = parsed.positionals;
if (!kind || !file || !isImportSourceKind(kind) || parsed.positionals.length > 2) {
  console.error(USAGE);
  process.exit(2);
}
// Read before anything opens: a wrong OUTBOUND_ALLOW_HOSTS stops the command with its sentence.
let outbound: ReturnType<typeof outboundPolicyFromEnv>;
try {
  outbound = outboundPolicyFromEnv();
} catch (error) {
  if (!(error instanceof OutboundConfigError)) throw error;
  console.error(error.message);
  process.exit(2);
}

// With a CDN, each imported item records its purge in its transaction; the servers' sweep sends it (decision 032).
let cdn: ReturnType<typeof cdnPurgeConfigFromEnv>;
try {
  cdn = cdnPurgeConfigFromEnv();
} catch (error) {
  if (!(error instanceof CdnPurgeConfigError)) throw error;
  console.error(error.message);
  process.exit(2);
}

let source: Awaited<ReturnType<typeof openImportSource>>;
try {
  source = await openImportSource(kind, resolve(file), {
    uploadsDir: parsed.values.uploads ? resolve(parsed.values.uploads) : null,
    siteUrl: parsed.values['site-url'] ?? null,
  });
} catch (error) {
  if (error instanceof ImportFileError) {
    console.error(`Import impossible, rien n'a été écrit : ${error.message}`);
    process.exit(1);
  }
  throw error;
}
// An import writes each row once and reads little back: PGlite's default 128 MB buffer cache would be a
// quarter of the command's memory for no speed (npm run bench:import).
const database = await openConfiguredDatabase({ pgliteSharedBuffers: IMPORT_SHARED_BUFFERS });
const bar = progressBar(process.stderr);
try {
  const { report, publicChange } = await runImport(database.db, source, {
    dryRun: parsed.values['dry-run'] ?? false,
    categorySlug: parsed.values.category ?? null,
    pagesCategorySlug: parsed.values['pages-category'] ?? null,
    download: !parsed.values['no-download'],
    access: { policy: outbound },
    storage: mediaStorageFromEnv(process.env),
    limits: (({ imageMaxBytes, audioMaxBytes }) => ({ imageBytes: imageMaxBytes, audioBytes: audioMaxBytes }))(
      newsroomConfigFromEnv(process.env),
    ),
    onProgress: (done, total) => bar.update(done, total),
    recordPurge: cdnPurgeRecorder(cdn),
  });
  bar.done();
  console.log(formatReport(report));
  if (parsed.values.report) writeFileSync(resolve(parsed.values.report), `${JSON.stringify(report, null, 2)}\n`);
  if (publicChange) await notifyContentChanged(contentChangeRoutesFromEnv(process.env)).catch(() => {});
} catch (error) {
  bar.done();
  if (error instanceof ImportFileError || error instanceof ImportOptionError) {
    console.error(`Import impossible, rien n'a été écrit : ${error.message}`);
    process.exitCode = 1;
  } else throw error;
} finally {
  await source.close();
  await database.close();
}
