/**
 * Fuzzing from the contract (issue 23): for every operation of openapi/magazine.yaml, thousands of requests
 * per run — well-formed ones and ones that break each constraint (types, lengths, enums, missing and extra
 * fields, huge numbers, unicode edge cases, wrong content types, with and without a staff session) — sent
 * to the whole API table on a seeded database. Every answer: never a 5xx, a status and headers the contract
 * declares (createTestApiHandler fails otherwise), a 200 body valid against the contract's schema, and every
 * 4xx with a French `message`. The seed is fixed (FUZZ_SEED to change it) and printed on failure.
 *
 * Then, for issue 34 (part 4), no randomness: NUL, other C0 controls and bidirectional overrides put in
 * every string field of every operation's body, every declared query parameter and every path parameter,
 * one at a time, signed in as an admin: never a 5xx (a NUL used to reach PostgreSQL), always the contract's
 * error shape, and the body's and the query's refusals are the one rule's 400 naming the field.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOperations, type OperationId } from '../api/generated/operations.ts';
import * as contract from '../api/generated/zod.ts';
import { renderNewsletterIssueMail } from '../mail/newsletterIssueMail.tsx';
import { sampleOf, stringPaths, withStringAt } from '../testing/contractSample.ts';
import { createTestApiHandler } from '../testing/testApiHandler.ts';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { composeApiHandlers } from './apiHandlers.ts';
import { controlCharacterMessage } from './http/controlCharacters.ts';
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

/** NUL, SOH, ESC, DEL, right-to-left override, left-to-right isolate. */
const CONTROLS = ['\u0000', '\u0001', '\u001b', '\u007f', '\u202e', '\u2066'];
const generated = contract as Record<string, unknown>;
const allOperations = Object.keys(apiOperations) as OperationId[];
const withBody = allOperations.filter((id) => `${pascal(id)}Body` in generated);
const withQuery = allOperations.filter((id) => `${pascal(id)}QueryParams` in generated);
const withPathParams = allOperations.filter((id) => apiOperations[id].path.includes(':'));
const pathParamNames = new Set(withPathParams.flatMap((id) => [...apiOperations[id].path.matchAll(/:(\w+)/g)].map((m) => m[1])));

const defShape = (schema: unknown) => (schema as { _zod: { def: { shape: Record<string, unknown> } } })._zod.def.shape;

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

  /** The operation's address with every path parameter '1' but `hostile` (name → value), signed in. */
  async function send(id: OperationId, init: { hostile?: [string, string]; query?: [string, string]; body?: unknown }) {
    const { method, path } = apiOperations[id];
    const concrete = path.replace(/:(\w+)/g, (_all, name: string) =>
      encodeURIComponent(init.hostile?.[0] === name ? init.hostile[1] : '1'),
    );
    const url = new URL(`${ORIGIN}${concrete}`);
    if (init.query) url.searchParams.set(init.query[0], init.query[1]);
    const headers: Record<string, string> = { cookie: session.cookie, 'x-csrf-token': session.csrf };
    if (init.body === undefined) return handle(new Request(url, { method, headers }));
    const asJson = await handle(
      new Request(url, { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(init.body) }),
    );
    if (asJson.status !== 415) return asJson;
    // A form operation (the newsletter's): the same strings, urlencoded.
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(init.body as Record<string, unknown>)) if (typeof value === 'string') form.set(key, value);
    const asForm = await handle(
      new Request(url, {
        method,
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      }),
    );
    formAnswers.add(asForm);
    return asForm;
  }

  /**
   * The newsletter's forms keep the legacy protocol of the pages that post them: a refusal is a 200 whose
   * `status` is not 'success' (the field's error inside). Their fields are checked one by one there.
   */
  const formAnswers = new WeakSet<Response>();

  /** `field`: the 400 must be the control-character rule's for it, unless a path parameter ('1') was refused first. */
  async function expectRefusal(response: Response, where: string, field?: string) {
    const text = await response.text();
    expect(response.status, `${where}: ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
    expect(response.status, `${where}: ${text.slice(0, 200)}`).toBeLessThan(500);
    const error = contract.ErrorResponse.safeParse(JSON.parse(text));
    expect(error.success, `${where}: ${text.slice(0, 200)}`).toBe(true);
    expect(error.data?.message, where).toMatch(french);
    const pathRefused = Object.keys(error.data?.fields ?? {}).some((name) => pathParamNames.has(name) && name !== field);
    if (field !== undefined && response.status === 400 && !pathRefused)
      expect(error.data?.message, where).toBe(controlCharacterMessage(field));
  }

  it.each(withBody)('%s: a control character in each string field of the body is refused', async (id) => {
    const sample = sampleOf(generated[`${pascal(id)}Body`]);
    const paths = stringPaths(sample);
    expect(paths.length, 'a body without strings').toBeGreaterThanOrEqual(0);
    for (const path of paths) {
      for (const control of CONTROLS) {
        const body = withStringAt(sample, path, (text) => `${text}${control}x`);
        const where = `${id} ${path.join('.')} ${JSON.stringify(control)}`;
        const response = await send(id, { body });
        if (formAnswers.has(response) && response.status === 200) {
          expect((await response.json()) as { status: string }, where).not.toMatchObject({ status: 'success' });
          continue;
        }
        await expectRefusal(response, where, path.join('.'));
      }
    }
  });

  it.each(withQuery)('%s: a control character in each query parameter is the 400 naming it', async (id) => {
    const shape = defShape(generated[`${pascal(id)}QueryParams`]);
    for (const name of Object.keys(shape)) {
      for (const control of CONTROLS) {
        const response = await send(id, { query: [name, `1${control}`] });
        expect(response.status, `${id} ?${name}`).toBe(400);
        await expectRefusal(response, `${id} ?${name} ${JSON.stringify(control)}`, name);
      }
    }
  });

  it.each(withPathParams)('%s: a control character in a path parameter is the 400 naming it', async (id) => {
    for (const [, name] of apiOperations[id].path.matchAll(/:(\w+)/g)) {
      for (const control of CONTROLS) {
        const body = `${pascal(id)}Body` in generated ? sampleOf(generated[`${pascal(id)}Body`]) : undefined;
        const response = await send(id, { hostile: [name as string, `1${control}`], body });
        expect(response.status, `${id} /:${name}`).toBe(400);
        await expectRefusal(response, `${id} /:${name} ${JSON.stringify(control)}`, name);
      }
    }
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
