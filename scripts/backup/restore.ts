/**
 * npm run restore -- FILE
 * Restores a backup made by `npm run backup` into the configured database, which must be empty (a new
 * DATA_DIR, or a new PostgreSQL database: the migrations are applied first), and its media files.
 */
import { resolve } from 'node:path';
import { BackupError, restoreBackup } from '../../src/server/backup/backup.server.ts';
import { openConfiguredDatabase } from '../lib/openConfiguredDatabase.ts';
import { mediaDirFromEnv } from './mediaDir.ts';

const file = process.argv.slice(2).filter((arg) => arg !== '--')[0];
if (!file) {
  console.error('Usage: npm run restore -- FILE');
  process.exit(2);
}
const database = await openConfiguredDatabase();
try {
  const counts = await restoreBackup(database.db, mediaDirFromEnv(), resolve(file));
  console.log(
    `Sauvegarde restaurée dans ${database.description} : ${counts.tables} tables, ${counts.rows} lignes, ${counts.files} fichiers de médias.`,
  );
} catch (error) {
  if (error instanceof BackupError) {
    console.error(`Restauration impossible, rien n'a été écrit : ${error.message}`);
    process.exitCode = 1;
  } else throw error;
} finally {
  await database.close();
}
