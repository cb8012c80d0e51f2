/**
 * For newsroom test files: a seeded database with one account per role, the whole API (reader and
 * newsroom) over it, an injectable clock, and helpers that sign in and send writes with the CSRF token.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { StaffRole } from '../db/schema.ts';
import type { RecordPurge } from '../server/cache/cacheTags.ts';
import { cdnPurgeRecorder } from '../server/cache/contentPurge.ts';
import { TEST_CDN } from './testCdn.ts';
import type { ApiHandlerTable } from '../server/http/apiTypes.ts';
import { contentHandlers } from '../server/http/contentApi.ts';
import { createTestApiHandler } from './testApiHandler.ts';
import { createMemoryStore } from '../server/http/sharedStore.ts';
import { type Clock, createClock } from '../server/newsroom/clock.ts';
import { backfillNewsroom } from '../server/newsroom/articles/articleReaderCopy.ts';
import { backfillQuizzes } from '../server/newsroom/quizzes/quizReaderCopy.ts';
import { type NewsroomOptions, newsroomHandlers } from '../server/newsroom/http/newsroomHandlers.ts';
import { createStaff } from '../server/newsroom/staff.server.ts';
import { seedDemoContent } from '../server/seed/seedDemoContent.server.ts';
import { declaredHeaderProblems } from './contractHeaders.ts';
import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from './testDatabase.ts';
import { mediaStorageFromEnv } from '../server/config/mediaStorageConfig.ts';
import { newsroomConfigFromEnv } from '../server/config/newsroomConfig.ts';
import { transportSecurityFromEnv } from '../server/config/transportSecurity.ts';

export const ROLES: StaffRole[] = ['contributor', 'author', 'editor', 'admin'];
export const PASSWORD = 'un mot de passe assez long';
export const ORIGIN = 'http://magazine.test';

export interface Signed {
  cookie: string;
  csrf: string;
  id: number;
}

export interface NewsroomApi {
  database: () => TestDatabase;
  clock: Clock;
  /** Content-changed announcements received so far. */
  changes: () => number;
  request: (method: string, path: string, init?: { body?: unknown; as?: Signed; headers?: Record<string, string> }) => Promise<Response>;
  signIn: (role: StaffRole) => Promise<Signed>;
  signed: (role: StaffRole) => Signed;
}

export function useNewsroomApi(
  kind: TestDatabaseKind,
  env: NodeJS.ProcessEnv = {},
  options: {
    issues?: NewsroomOptions['issues'];
    jobs?: NewsroomOptions['jobs'];
    contentChanged?: (tags?: readonly string[]) => Promise<void> | void;
    /**
     * The CDN's record in each public write's transaction (decision 032). By default every test records as a
     * server with a CDN does, so each write path runs with its outbox row inside its transaction.
     */
    recordPurge?: RecordPurge;
    /** The audience counters the Audience page flushes before reading. */
    audience?: NewsroomOptions['audience'];
    /** Other operations served beside the newsroom's (the audience beacon…). */
    extra?: ApiHandlerTable;
    /** CONTENT_SOURCE=ghost|wordpress: the live source (its drafts' previews), built once the test's source runs. */
    liveSource?: () => NonNullable<NewsroomOptions['draftSource']>;
  } = {},
): NewsroomApi {
  let database: TestDatabase | undefined;
  let handler: ((request: Request) => Promise<Response>) | undefined;
  let changes = 0;
  const clock = createClock();
  const sessions = new Map<StaffRole, Signed>();

  const request: NewsroomApi['request'] = async (method, path, init = {}) => {
    if (!handler) throw new Error('useNewsroomApi: not ready');
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    if (init.as) {
      headers.cookie = init.as.cookie;
      headers['x-csrf-token'] ??= init.as.csrf;
    }
    let body: string | Uint8Array<ArrayBuffer> | undefined;
    if (init.body instanceof Uint8Array) {
      body = init.body as Uint8Array<ArrayBuffer>;
    } else if (init.body !== undefined) {
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await handler(new Request(`${ORIGIN}${path}`, { method, headers, body }));
    if (response.status < 500) {
      expect(declaredHeaderProblems(method, `${ORIGIN}${path.split('?')[0]}`, response), `${method} ${path}`).toEqual([]);
      expect(response.headers.get('cache-control'), `${method} ${path}`).toMatch(
        path.startsWith('/api/admin') || path.startsWith('/api/preview') ? /no-store/ : /./,
      );
    }
    return response;
  };

  const signIn = async (role: StaffRole): Promise<Signed> => {
    // One address per role: the sign-in limit is per IP, and tested on its own.
    const headers = { 'x-test-ip': `10.0.0.${ROLES.indexOf(role) + 1}` };
    const response = await request('POST', '/api/admin/session', { body: { email: `${role}@piquante.test`, password: PASSWORD }, headers });
    expect(response.status).toBe(200);
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const body = (await response.json()) as { csrfToken: string; staff: { id: number } };
    return { cookie, csrf: body.csrfToken, id: body.staff.id };
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoContent(database.db);
    await backfillNewsroom(database.db);
    await backfillQuizzes(database.db);
    for (const role of ROLES) {
      await createStaff(database.db, { email: `${role}@piquante.test`, name: `Compte ${role}`, role, password: PASSWORD });
    }
    handler = createTestApiHandler(database.db, {
      ...contentHandlers,
      ...newsroomHandlers({
        config: newsroomConfigFromEnv({ ADMIN_LOGIN_RATE_LIMIT: '1000', ...env }),
        transport: transportSecurityFromEnv(env),
        storage: mediaStorageFromEnv(env),
        clock,
        store: createMemoryStore(),
        clientIp: (r) => r.headers.get('x-test-ip') ?? '192.0.2.1',
        issues: options.issues,
        jobs: options.jobs ?? options.issues?.jobs,
        audience: options.audience,
        contentChanged: async (tags) => {
          changes++;
          await options.contentChanged?.(tags);
        },
        recordPurge: options.recordPurge ?? cdnPurgeRecorder(TEST_CDN),
        ...(options.liveSource
          ? (() => {
              const source = options.liveSource();
              return {
                draftSource: source,
                liveSource: { kind: source.kind, label: source.kind === 'ghost' ? ('Ghost' as const) : ('WordPress' as const) },
              };
            })()
          : {}),
      }),
      ...options.extra,
    });
    for (const role of ROLES) sessions.set(role, await signIn(role));
  });
  afterAll(async () => {
    await database?.dispose();
  });
  return {
    database: () => {
      if (!database) throw new Error('not ready');
      return database;
    },
    clock,
    changes: () => changes,
    request,
    signIn,
    signed: (role) => {
      const s = sessions.get(role);
      if (!s) throw new Error('not signed in');
      return s;
    },
  };
}

/** A valid draft body, with formatting. */
export function draftBody(title: string, extra: Record<string, unknown> = {}) {
  return {
    title,
    subtitle: 'Un chapô',
    categorySlug: 'mode',
    stamp: null,
    mainImage: { url: '/media/svg/article/x.svg', alt: 'Une image', width: 1200, height: 800 },
    doc: {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Un texte en ' },
            { type: 'text', text: 'gras', marks: [{ type: 'bold' }] },
          ],
        },
      ],
    },
    ...extra,
  };
}
