/**
 * For test files: the API handler over the part of the table a file is about (the real router, the real
 * handlers). The operations left out answer a 500, so a test that strays outside its part fails loudly.
 */
import { apiOperations } from '../api/generated/operations.ts';
import { renderNewsletterIssueMail } from '../mail/newsletterIssueMail.tsx';
import type { Database } from '../db/client.ts';
import { composeApiHandlers } from '../server/apiHandlers.ts';
import { type ApiHandlerOptions, createApiHandler } from '../server/http/apiRouter.ts';
import type { ApiHandler, ApiHandlers, ApiHandlerTable } from '../server/http/apiTypes.ts';
import { errorJson } from '../server/http/responses.ts';
import { createMemoryStore } from '../server/http/sharedStore.ts';
import { newsletterConfigFromEnv } from '../server/config/newsletterConfig.ts';
import { newsroomConfigFromEnv } from '../server/config/newsroomConfig.ts';
import { pushConfigFromEnv } from '../server/config/pushConfig.ts';
import { transportSecurityFromEnv } from '../server/config/transportSecurity.ts';
import { createClock } from '../server/newsroom/clock.ts';
import { declaredHeaderProblems } from './contractHeaders.ts';

const notUnderTest: ApiHandler = async () => errorJson(500, 'Opération hors du périmètre de ce test.');

/**
 * Every answer is held against the contract: a status the operation does not declare, or a declared
 * header missing or malformed, fails the test that caused it (the conformance check of issue 23).
 */
export function createTestApiHandler(db: Database, table: ApiHandlerTable, options: ApiHandlerOptions = {}) {
  const complete = Object.fromEntries(
    Object.keys(apiOperations).map((id) => [id, table[id as keyof ApiHandlerTable] ?? notUnderTest]),
  ) as ApiHandlers;
  const handle = createApiHandler(db, complete, options);
  return async (request: Request): Promise<Response> => {
    const response = await handle(request);
    const problems = declaredHeaderProblems(request.method, request.url, response);
    if (problems.length > 0) throw new Error(`answer out of contract: ${problems.join('; ')}`);
    return response;
  };
}

/** The whole table as boot composes it, with an empty environment and nothing behind the queue or the media. */
export function composeTestApiHandlers(): ApiHandlers {
  return composeApiHandlers({
    settings: { push: pushConfigFromEnv({}), newsroom: newsroomConfigFromEnv({}), transport: transportSecurityFromEnv({}) },
    config: newsletterConfigFromEnv({}),
    jobs: { enqueue: async () => null },
    store: createMemoryStore(),
    storage: null as never,
    clock: createClock(),
    contentChanged: async () => {},
    renderIssueMail: renderNewsletterIssueMail,
  });
}
