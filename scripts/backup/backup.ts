/**
 * npm run backup -- --output FILE
 * Writes one file with the whole database (one consistent snapshot) and the media library (MEDIA_DIR, or
 * DATA_DIR/media). With PGlite, stop the server first (it holds the data directory); on PostgreSQL it runs
 * beside the servers. Restore with `npm run restore -- FILE`.
 */
import { resolve } from 'node:path';
import { writeBackup } from '../../src/server/backup/backup.server.ts';
import { openConfiguredDatabase } from '../lib/openConfiguredDatabase.ts';
import { mediaDirFromEnv } from './mediaDir.ts';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const at = args.indexOf('--output');
const output = at >= 0 ? args[at + 1] : undefined;
if (!output) {
  console.error('Usage: npm run backup -- --output FILE');
  process.exit(2);
}
const database = await openConfiguredDatabase();
try {
  const mediaDir = mediaDirFromEnv();
  const counts = await writeBackup(database.db, mediaDir, resolve(output));
  console.log(
    `Sauvegarde écrite : ${resolve(output)} (${database.description}; ${counts.tables} tables, ${counts.rows} lignes, ${counts.files} fichiers de médias${mediaDir ? '' : ' — médias dans le bucket S3, non inclus'}).`,
  );
} finally {
  await database.close();
}
