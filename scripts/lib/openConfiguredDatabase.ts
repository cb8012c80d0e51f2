/**
 * For operator scripts: the database the environment points at (DATA_DIR's PGlite or DATABASE_URL),
 * with the data-directory lock taken first. A running server holds that lock: say so and exit 1.
 */
import { type DatabaseHandle, openDatabase } from '../../src/db/client.ts';
import { databaseTargetFromEnv } from '../../src/server/config/databaseTarget.ts';
import { acquireDataDirLock, DataDirLockedError } from '../../src/db/dataDirLock.ts';

export async function openConfiguredDatabase(
  options: { pgliteSharedBuffers?: string } = {},
): Promise<DatabaseHandle & { description: string }> {
  const fromEnv = databaseTargetFromEnv(process.env);
  const target =
    fromEnv.kind === 'pglite' && options.pgliteSharedBuffers ? { ...fromEnv, sharedBuffers: options.pgliteSharedBuffers } : fromEnv;
  try {
    if (target.kind === 'pglite' && target.dataDir) acquireDataDirLock(target.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const description = target.kind === 'pglite' ? `PGlite in ${target.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  return { ...(await openDatabase(target)), description };
}
