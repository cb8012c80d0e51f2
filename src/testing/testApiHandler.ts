/**
 * For test files: the API handler over the part of the table a file is about (the real router, the real
 * handlers). The operations left out answer a 500, so a test that strays outside its part fails loudly.
 */
import { apiOperations } from '../api/generated/operations.ts';
import type { Database } from '../db/client.ts';
import { type ApiHandlerOptions, createApiHandler } from '../server/http/apiRouter.ts';
import type { ApiHandler, ApiHandlers, ApiHandlerTable } from '../server/http/apiTypes.ts';
import { errorJson } from '../server/http/responses.ts';

const notUnderTest: ApiHandler = async () => errorJson(500, 'Opération hors du périmètre de ce test.');

export function createTestApiHandler(db: Database, table: ApiHandlerTable, options: ApiHandlerOptions = {}) {
  const complete = Object.fromEntries(
    Object.keys(apiOperations).map((id) => [id, table[id as keyof ApiHandlerTable] ?? notUnderTest]),
  ) as ApiHandlers;
  return createApiHandler(db, complete, options);
}
