/**
 * For test files: a fresh database of the given kind with the demo content, and the API handler over
 * it, created before the file's tests and dropped after.
 */
import { afterAll, beforeAll } from 'vitest';
import { contentHandlers } from '../server/http/contentApi.ts';
import { createTestApiHandler } from './testApiHandler.ts';
import { seedDemoContent } from '../server/seed/seedDemoContent.server.ts';
import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from './testDatabase.ts';

export interface SeededApi {
  database: () => TestDatabase;
  handle: (request: Request) => Promise<Response>;
  /** GET (or any method) on a path of the API, e.g. get('/api/articles?limit=1'). */
  get: (path: string, init?: RequestInit) => Promise<Response>;
}

export function useSeededApi(kind: TestDatabaseKind): SeededApi {
  let database: TestDatabase | undefined;
  let handler: ((request: Request) => Promise<Response>) | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoContent(database.db);
    handler = createTestApiHandler(database.db, contentHandlers);
  });
  afterAll(async () => {
    await database?.dispose();
  });
  const handle = (request: Request) => {
    if (!handler) throw new Error('useSeededApi: the database is not ready (beforeAll has not run)');
    return handler(request);
  };
  return {
    database: () => {
      if (!database) throw new Error('useSeededApi: the database is not ready');
      return database;
    },
    handle,
    get: (path, init) => handle(new Request(`http://magazine.test${path}`, init)),
  };
}
