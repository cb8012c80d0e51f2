/**
 * Fresh, migrated databases for tests: an in-memory PGlite always, and a throwaway database on the
 * PostgreSQL server of TEST_DATABASE_URL when it is set (created here, dropped after).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';

export type TestDatabaseKind = 'pglite' | 'postgres';

// In CI (.ci/run sets CI=true and TEST_DATABASE_URL) the PostgreSQL half must run: never skipped quietly.
if (process.env.CI === 'true' && !process.env.TEST_DATABASE_URL) {
  throw new Error('CI=true but TEST_DATABASE_URL is not set: the tests on PostgreSQL would be skipped.');
}

export const testDatabaseKinds: TestDatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and drops the throwaway database. */
  dispose: () => Promise<void>;
  /** For PostgreSQL, the URL of this throwaway database. */
  url: string | null;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite', dataDir: null });
    return { ...handle, url: null, dispose: handle.close };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `piquante_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 4 });
  return {
    ...handle,
    url: url.toString(),
    dispose: async () => {
      await handle.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
