/**
 * Fuzzing from the contract (issue 23): for every operation of openapi/magazine.yaml, thousands of requests
 * per run — well-formed ones and ones that break each constraint (types, lengths, enums, missing and extra
 * fields, huge numbers, unicode edge cases, wrong content types, with and without a staff session) — sent
 * to the whole API table on a seeded database. Every answer: never a 5xx, a status and headers the contract
 * declares (createTestApiHandler fails otherwise), a 200 body valid against the contract's schema, and every
 * 4xx with a French `message`. The seed is fixed (FUZZ_SEED to change it) and printed on failure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOperations, type OperationId } from '../api/generated/operations.ts';
import * as contract from '../api/generated/zod.ts';
import { renderNewsletterIssueMail } from '../mail/newsletterIssueMail.tsx';
import { createTestApiHandler } from '../testing/testApiHandler.ts';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { composeApiHandlers } from './apiHandlers.ts';
import { type JobQueue, startJobQueue } from './jobs/jobQueue.server.ts';
import { createMemoryStore } from './http/sharedStore.ts';
import { newsletterConfigFromEnv } from './config/newsletterConfig.ts';
import { newsroomConfigFromEnv } from './config/newsroomConfig.ts';
import { pushConfigFromEnv } from './config/pushConfig.ts';
import { transportSecurityFromEnv } from './config/transportSecurity.ts';
import { backfillNewsroom } from './newsroom/articles/articleReaderCopy.ts';
import { createClock } from './newsroom/clock.ts';
import { directoryStorage } from './newsroom/mediaStorage.ts';
import { createStaff } from './newsroom/staff.server.ts';
import { seedDemoContent } from './seed/seedDemoContent.server.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 100);
const ORIGIN = 'http://magazine.test';

/** A French sentence: accents or the words French error messages are made of. */
const french = /[éèêàâùûôîçœ]|\b(le|la|les|de|des|du|un|une|est|pas|ce|cette|votre|vous|ne|au|aux|en)\b/i;

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e308',
    '99999999999999999999999',
    'NaN',
    'null',
    'true',
    '../../etc/passwd',
    '%00',
    '\u0000',
    '\uFEFF',
    '😀'.repeat(50),
    'x'.repeat(5000),
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    'javascript:alert(1)',
  ),
);
const plausible = fc.constantFrom('1', '2', '42', 'mode', 'beaute', 'robe', 'quiz-test', 'footer-home', 'c.aaaaaaaaaaaaaaaaaaaaaaaaa');
// Never empty, '.' or '..': those are other addresses (the URL parser folds them away: the list instead of the item).
const segment = fc
  .oneof({ weight: 2, arbitrary: plausible }, { weight: 3, arbitrary: hostileText })
  .filter((v) => v !== '' && v !== '.' && v !== '..');

const queryNames = ['url', 'limit', 'offset', 'category', 'q', 'l', 'altcha', 'status', 'author', 'days', 'inconnu'];
const query = fc.dictionary(fc.constantFrom(...queryNames), fc.oneof(plausible, hostileText), { maxKeys: 4 });

const jsonValue = fc.jsonValue({ maxDepth: 3 });
/** Bodies: nothing, JSON of any shape (objects with the contract's field names among others), forms, junk. */
const body = fc.oneof(
  fc.constant(null),
  jsonValue.map((v) => ({ type: 'application/json', text: JSON.stringify(v) })),
  fc
    .dictionary(
      fc.constantFrom(
        'email',
        'password',
        'title',
        'subtitle',
        'categorySlug',
        'doc',
        'mainImage',
        'version',
        'action',
        'scheduledAt',
        'ids',
        'name',
        'active',
        'role',
        'popin',
        'button',
        'endpoint',
        'keys',
        'choices',
        'token',
        'consentId',
        'advanceSeconds',
        'currentPassword',
        'newPassword',
        'people_register_email',
      ),
      fc.oneof(jsonValue, hostileText),
      { maxKeys: 8 },
    )
    .map((v) => ({ type: 'application/json', text: JSON.stringify(v) })),
  fc
    .dictionary(
      fc.constantFrom(
        'people_register_email',
        'people_register_codepostal',
        'people_register_newslettertype',
        'g-recaptcha-response',
        'token',
        'List-Unsubscribe',
      ),
      hostileText,
    )
    .map((v) => ({
      type: 'application/x-www-form-urlencoded',
      text: new URLSearchParams(v).toString(),
    })),
  fc
    .tuple(
      fc.constantFrom('text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', ''),
      fc.string({ maxLength: 200 }),
    )
    .map(([type, text]) => ({ type, text })),
);

const pascal = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

describe('every operation of the contract, fuzzed', () => {
  let database: TestDatabase;
  let jobs: JobQueue;
  let handle: (request: Request) => Promise<Response>;
  let session: { cookie: string; csrf: string };
  const media = mkdtempSync(join(tmpdir(), 'piquante-fuzz-'));

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await seedDemoContent(database.db, { articles: 30 });
    await backfillNewsroom(database.db);
    await createStaff(database.db, {
      email: 'admin@piquante.test',
      name: 'Admin Fuzz',
      role: 'admin',
      password: 'un mot de passe assez long',
    });
    jobs = await startJobQueue(database, { log: () => {} });
    const env = { ADMIN_LOGIN_RATE_LIMIT: '100000', SIGNUP_RATE_LIMIT: '0', CAPTCHA_PROVIDER: 'none' };
    handle = createTestApiHandler(
      database.db,
      composeApiHandlers({
        settings: { push: pushConfigFromEnv(env), newsroom: newsroomConfigFromEnv(env), transport: transportSecurityFromEnv(env) },
        config: newsletterConfigFromEnv(env),
        jobs,
        store: createMemoryStore(),
        storage: directoryStorage(media),
        clock: createClock(),
        contentChanged: async () => {},
        renderIssueMail: renderNewsletterIssueMail,
      }),
    );
    const signIn = await handle(
      new Request(`${ORIGIN}/api/admin/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@piquante.test', password: 'un mot de passe assez long' }),
      }),
    );
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    session = { cookie, csrf: ((await signIn.json()) as { csrfToken: string }).csrfToken };
  }, 120_000);
  afterAll(async () => {
    await jobs?.stop();
    await database?.dispose();
    rmSync(media, { recursive: true, force: true });
  });

  it.each(Object.keys(apiOperations) as OperationId[])('%s', async (id) => {
    const { method, path } = apiOperations[id];
    const params = [...path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
    const responseSchema = (contract as Record<string, unknown>)[`${pascal(id)}Response`] as
      | { safeParse?: (v: unknown) => { success: boolean; error?: unknown } }
      | undefined;
    await fc.assert(
      fc.asyncProperty(
        fc.array(segment, { minLength: params.length, maxLength: params.length }),
        query,
        body,
        fc.boolean(),
        async (values, search, payload, signed) => {
          let concrete: string = path;
          params.forEach((name, i) => {
            concrete = concrete.replace(`:${name}`, encodeURIComponent(values[i] ?? ''));
          });
          const url = new URL(`${ORIGIN}${concrete}`);
          for (const [key, value] of Object.entries(search)) url.searchParams.set(key, value);
          const headers: Record<string, string> = {};
          if (signed) {
            headers.cookie = session.cookie;
            headers['x-csrf-token'] = session.csrf;
          }
          const hasBody = method !== 'GET' && payload !== null;
          if (hasBody && payload.type) headers['content-type'] = payload.type;
          const response = await handle(new Request(url, { method, headers, body: hasBody ? payload.text : undefined }));
          const where =
            `${method} ${url.pathname}${url.search}`.slice(0, 160) +
            ` (${signed ? 'signed in' : 'anonymous'}, body ${hasBody ? payload.text.slice(0, 80) : 'none'})`;
          expect(response.status, where).toBeLessThan(500);
          const text = await response.text();
          if (response.status >= 400) {
            const error = contract.ErrorResponse.safeParse(JSON.parse(text));
            expect(error.success, `${where}: ${text.slice(0, 200)}`).toBe(true);
            expect(error.data?.message, where).toMatch(french);
          } else if (
            response.status === 200 &&
            responseSchema?.safeParse &&
            (response.headers.get('content-type') ?? '').includes('json')
          ) {
            const valid = responseSchema.safeParse(JSON.parse(text));
            expect(valid.success, `${where}: ${String(JSON.stringify(valid.error)).slice(0, 300)}`).toBe(true);
          }
        },
      ),
      { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
    );
  });
});
