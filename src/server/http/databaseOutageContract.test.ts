/**
 * The database unreachable, for every operation of the contract at once (issue 23: "the contract declares
 * what the server really sends"): the whole API table over a database whose every call fails as a refused
 * connection does. Each answer must be declared by its operation (createTestApiHandler fails the test
 * otherwise), never a 500, and each 503 carries Retry-After and the French sentence. The real outage, under
 * load, is tests/e2e/server-lifecycle.spec.ts; the same for a full disk (SQLSTATE 53100), for real in
 * tests/e2e/faults/disk-full.spec.ts.
 */
import { describe, expect, it } from 'vitest';
import { apiOperations, type OperationId } from '../../api/generated/operations.ts';
import type { Database } from '../../db/client.ts';
import { composeTestApiHandlers, createTestApiHandler } from '../../testing/testApiHandler.ts';
import { DISK_FULL_MESSAGE, OUTAGE_MESSAGE } from './databaseOutage.ts';

/** A database that is not there: any query, transaction or builder call fails like a refused connection. */
function unreachableDatabase(): Database {
  const refuse = () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  };
  return new Proxy({}, { get: () => refuse }) as Database;
}

const valueFor = (name: string) => (/id$/i.test(name) || /count|offset/i.test(name) ? '1' : 'exemple');

function requestFor(id: OperationId): Request {
  const { method, path } = apiOperations[id];
  const url = `http://magazine.test${path.replace(/:([A-Za-z]+)/g, (_, name: string) => valueFor(name))}`;
  const headers: Record<string, string> = {
    cookie: 'piquante_staff=une-session-quelconque-assez-longue-pour-etre-lue',
    'x-csrf-token': 'jeton',
  };
  if (method === 'GET' || method === 'DELETE') return new Request(url, { method, headers });
  return new Request(url, { method, headers: { ...headers, 'content-type': 'application/json' }, body: '{}' });
}

describe('every operation with the database unreachable', () => {
  const handle = createTestApiHandler(unreachableDatabase(), composeTestApiHandlers());

  it.each(Object.keys(apiOperations) as OperationId[])('%s: a declared answer, never a 500', async (id) => {
    const response = await handle(requestFor(id));
    expect(response.status, `${id}: ${await response.clone().text()}`).not.toBe(500);
    if (response.status === 503) {
      expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(((await response.json()) as { message: string }).message).toBe(OUTAGE_MESSAGE);
    }
  });

  it('reaches the database (503) on most operations: the check above is not only input refusals', async () => {
    const statuses = await Promise.all(
      (Object.keys(apiOperations) as OperationId[]).map(async (id) => (await handle(requestFor(id))).status),
    );
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(statuses.length / 2);
  });
});

/** The embedded database's disk full: PGlite (like PostgreSQL) refuses the write with SQLSTATE 53100, wrapped by Drizzle. */
function fullDiskDatabase(): Database {
  const refuse = () => {
    const cause = Object.assign(new Error('could not extend file "base/5/16614": No space left on device'), { code: '53100' });
    throw Object.assign(new Error('Failed query: INSERT …'), { cause });
  };
  return new Proxy({}, { get: () => refuse }) as Database;
}

describe('every operation with the disk full under DATA_DIR', () => {
  const handle = createTestApiHandler(fullDiskDatabase(), composeTestApiHandlers());

  it.each(Object.keys(apiOperations) as OperationId[])(
    '%s: a declared answer, never a 500; a refused write says why in French',
    async (id) => {
      const response = await handle(requestFor(id));
      expect(response.status, `${id}: ${await response.clone().text()}`).not.toBe(500);
      if (response.status === 503) {
        expect(response.headers.get('retry-after')).toBe('300');
        expect(((await response.json()) as { message: string }).message).toBe(DISK_FULL_MESSAGE);
      }
    },
  );
});
