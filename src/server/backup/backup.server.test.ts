/**
 * restoreBackup refuses a file that is not gzip with a BackupError, even when the database is slow to
 * open its transaction: the gzip error must reach the loop, never an 'error' event nobody listens to
 * (that ended the restore process before it could say why, seen once in CI).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/testDatabase.ts';
import { BackupError, restoreBackup } from './backup.server.ts';

/** The same database, whose transactions start only after `ms`. */
function slowToBegin(db: Database, ms: number): Database {
  return new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'transaction') return Reflect.get(target, key, receiver);
      return async (...args: Parameters<Database['transaction']>) => {
        await new Promise((resolve) => setTimeout(resolve, ms));
        return target.transaction(...args);
      };
    },
  });
}

describe('restoreBackup with a file that is not gzip', () => {
  let database: TestDatabase;
  let work: string;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    work = mkdtempSync(join(tmpdir(), 'piquante-restore-'));
  });
  afterAll(async () => {
    await database.dispose();
    rmSync(work, { recursive: true, force: true });
  });

  it('is refused with a sentence while the transaction is slow to begin', async () => {
    const plain = join(work, 'texte.txt');
    writeFileSync(plain, 'pas une sauvegarde');
    const restore = restoreBackup(slowToBegin(database.db, 300), null, plain);
    await expect(restore).rejects.toBeInstanceOf(BackupError);
    await expect(restore).rejects.toThrow(/abîmée ou tronquée/);
  });
});
