import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/client.ts';
import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from './testDatabase.ts';

/**
 * A fresh database for the tests of the `describe` block that calls it: made before them, disposed of after.
 * Its `db` is read in tests and hooks (it does not exist yet while the block is being declared).
 */
export function useTestDatabase(kind: TestDatabaseKind): { readonly db: Database } {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.dispose();
  });
  return {
    get db() {
      if (!database) throw new Error('The test database is made in beforeAll: read it in a test or a hook.');
      return database.db;
    },
  };
}
