/**
 * npm run media:renditions [-- --concurrency N]
 * Makes the mail renditions (JPEG, 600 and 1 200 px) of every library image that has none — the same work the
 * server queues at start, done here at once for an operator who wants it finished now. Safe to run again: only
 * what is still missing (or failed) is tried. With PGlite (DATA_DIR), stop the server first; on PostgreSQL it
 * runs beside the servers.
 */
import { parseArgs } from 'node:util';
import { mediaStorageFromEnv } from '../../src/server/config/mediaStorageConfig.ts';
import { backfillMailRenditions } from '../../src/server/media/mailRenditionBackfill.ts';
import { openConfiguredDatabase } from '../lib/openConfiguredDatabase.ts';

const { values } = parseArgs({ options: { concurrency: { type: 'string', default: '2' } } });
const concurrency = Number(values.concurrency);
if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 16) {
  console.error('--concurrency : un nombre entier de 1 à 16.');
  process.exit(2);
}

const database = await openConfiguredDatabase();
try {
  const started = Date.now();
  const counts = await backfillMailRenditions(database.db, mediaStorageFromEnv(process.env), {
    concurrency,
    now: () => new Date(),
    log: (line) => console.error(line),
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `Rendus pour les lettres : ${counts.made} image(s) traitée(s), ${counts.found} déjà présente(s), ${counts.failed} échec(s) (${database.description}, ${seconds} s).`,
  );
  if (counts.failed > 0) process.exitCode = 1;
} finally {
  await database.close();
}
