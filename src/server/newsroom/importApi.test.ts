/**
 * Imports from the newsroom (issue 20) on both databases: an admin sends an export, the queue's handler
 * imports it, the run shows its progress and report; hostile requests are refused in French, and a file
 * that is no export ends as a failed run with its sentence, nothing written.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeGeneratedWxr } from '../../../scripts/bench/importWxr.ts';
import * as contract from '../../api/generated/zod.ts';
import { useNewsroomApi } from '../../testing/newsroomApi.ts';
import {
  ANSWER_WORDS,
  ghostJsonPointingAt,
  internalHosts,
  REFUSED_LINE,
  startCountingListener,
  wxrPointingAt,
} from '../../testing/internalAddressExports.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { makeZip } from '../import/ghost/testing/zipWriter.ts';
import { importJobHandlers } from '../import/importJobs.ts';
import { directoryStorage } from './mediaStorage.ts';
import { DEFAULT_UPLOAD_LIMITS } from '../config/newsroomConfig.ts';

const work = mkdtempSync(join(tmpdir(), 'piquante-import-api-'));
const importDir = join(work, 'uploads-waiting');
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.each(testDatabaseKinds)('newsroom imports on %s', (kind) => {
  const queued: number[] = [];
  const jobs = {
    enqueue: async (_name: string, data: unknown) => {
      queued.push((data as { runId: number }).runId);
      return 'queued';
    },
  };
  const api = useNewsroomApi(
    kind,
    { MEDIA_DIR: join(work, `media-${kind}`), IMPORT_DIR: importDir, IMPORT_MAX_BYTES: String(2 * 1024 * 1024) },
    { jobs },
  );
  let wxr: Uint8Array<ArrayBuffer>;
  const start = (
    query: string,
    body: Uint8Array<ArrayBuffer> | string,
    headers: Record<string, string> = { 'content-type': 'application/octet-stream' },
  ) =>
    api.request('POST', `/api/admin/imports?${query}`, {
      as: api.signed('admin'),
      body: typeof body === 'string' ? (new TextEncoder().encode(body) as Uint8Array<ArrayBuffer>) : body,
      headers,
    });
  const work$ = (runId: number) =>
    importJobHandlers({
      db: api.database().db,
      storage: directoryStorage(join(work, `media-${kind}`)),
      now: () => new Date(),
      contentChanged: async () => {},
      download: false,
      access: { policy: { allowHosts: [] } },
      limits: DEFAULT_UPLOAD_LIMITS,
    })['import.run']({ runId }, { id: 'test', retryCount: 0 });

  const bytes = (text: string) => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;
  const articleCount = async () =>
    (
      (await api.database().db.execute(sql`SELECT count(*)::int AS n FROM newsroom_articles`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]?.n;

  const mediaCount = async () =>
    (
      (await api.database().db.execute(sql`SELECT count(*)::int AS n FROM media`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]?.n;

  beforeAll(async () => {
    const file = join(work, `export-${kind}.xml`);
    await writeGeneratedWxr(file, { posts: 12, imagesPerPost: 0, distinctImages: 0 });
    wxr = new Uint8Array(readFileSync(file));
  });

  it('an admin sends a WordPress export; the job imports it; the run shows its report', async () => {
    const started = await start('source=wordpress&fileName=mon-export.xml', wxr);
    expect(started.status).toBe(202);
    const run = contract.ImportRun.parse(await started.json());
    expect(run).toMatchObject({ status: 'queued', fileName: 'mon-export.xml', dryRun: false, report: null });
    expect(queued).toContain(run.id);
    // The file waits on disk for the job, never in memory.
    expect(readdirSync(importDir).length).toBeGreaterThan(0);
    await work$(run.id);
    const done = contract.ImportRun.parse(
      await (await api.request('GET', `/api/admin/imports/${run.id}`, { as: api.signed('admin') })).json(),
    );
    expect(done.status).toBe('done');
    expect(done.report?.counts.post?.imported).toBe(12);
    expect(done.done).toBe(12);
    const [count] = (
      (await api
        .database()
        .db.execute(sql`SELECT count(*)::int AS n FROM newsroom_articles WHERE title LIKE 'Article numéro %'`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(count?.n).toBe(12);
    const list = contract.ImportRunList.parse(await (await api.request('GET', '/api/admin/imports', { as: api.signed('admin') })).json());
    expect(list.results.some((r) => r.id === run.id && r.startedBy !== null)).toBe(true);
    // Run again as a dry run: the same report, nothing new.
    const dry = contract.ImportRun.parse(await (await start('source=wordpress&fileName=mon-export.xml&dryRun=true', wxr)).json());
    await work$(dry.id);
    const dryDone = contract.ImportRun.parse(
      await (await api.request('GET', `/api/admin/imports/${dry.id}`, { as: api.signed('admin') })).json(),
    );
    expect(dryDone.report?.dryRun).toBe(true);
    expect(dryDone.report?.counts.post?.unchanged).toBe(12);
  }, 120_000);

  it('a file that is no export ends as a failed run with its sentence, and the file is gone', async () => {
    const started = await start('source=wordpress&fileName=notes.txt', 'ceci n’est pas un export WordPress');
    const run = contract.ImportRun.parse(await started.json());
    const before = readdirSync(importDir).length;
    await work$(run.id);
    const failed = contract.ImportRun.parse(
      await (await api.request('GET', `/api/admin/imports/${run.id}`, { as: api.signed('admin') })).json(),
    );
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/[a-zé]/);
    expect(readdirSync(importDir).length).toBe(before - 1);
  });

  it('hostile export files end as refused runs, each with its sentence, and nothing is written', async () => {
    const valid = new TextDecoder().decode(wxr);
    const body = valid.slice(valid.indexOf('<rss'));
    const files: [string, 'wordpress' | 'ghost', Uint8Array<ArrayBuffer>][] = [
      [
        'billion-laughs.xml',
        'wordpress',
        bytes(
          `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>${body.replace('Article numéro 1<', '&lol2;<')}`,
        ),
      ],
      [
        'xxe.xml',
        'wordpress',
        bytes(
          `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${body.replace('Article numéro 1<', '&xxe;<')}`,
        ),
      ],
      ['tronque.xml', 'wordpress', wxr.slice(0, Math.floor(wxr.length / 2))],
      ['latin1.xml', 'wordpress', new Uint8Array([...wxr.slice(0, 400), 0xe9, 0xff, ...wxr.slice(400)])],
      ['pas-ghost.json', 'ghost', bytes('{"posts":[]}')],
      ['tronque.json', 'ghost', bytes('{"db":[{"meta":{"version":"5.80.0"},"data":{"posts":[{"id":"1"')],
      ['evasion.zip', 'ghost', new Uint8Array(makeZip([{ name: '../../evil.json', data: '{}' }]))],
      ['bombe.zip', 'ghost', new Uint8Array(makeZip([{ name: 'export.json', data: Buffer.alloc(20 * 1024 * 1024, 32) }]))],
    ];
    const before = await articleCount();
    for (const [name, source, file] of files) {
      const run = contract.ImportRun.parse(await (await start(`source=${source}&fileName=${name}`, file)).json());
      await work$(run.id);
      const failed = contract.ImportRun.parse(
        await (await api.request('GET', `/api/admin/imports/${run.id}`, { as: api.signed('admin') })).json(),
      );
      expect(failed.status, name).toBe('failed');
      expect(failed.error, name).toMatch(/[a-zéè]{3}/);
      expect(failed.report, name).toBeNull();
    }
    expect(await articleCount()).toBe(before);
  }, 120_000);

  it('an export whose images name internal addresses (issue 34): real and dry runs with downloads on contact none, store none, say refused', async () => {
    const listener = await startCountingListener();
    try {
      const hosts = internalHosts(listener.port);
      const workWithDownloads = (runId: number) =>
        importJobHandlers({
          db: api.database().db,
          storage: directoryStorage(join(work, `media-${kind}`)),
          now: () => new Date(),
          contentChanged: async () => {},
          download: true,
          limits: DEFAULT_UPLOAD_LIMITS,
          access: { policy: { allowHosts: [] } },
        })['import.run']({ runId }, { id: 'test', retryCount: 0 });
      const mediaBefore = await mediaCount();
      for (const [source, name, file] of [
        ['wordpress', 'interne.xml', wxrPointingAt(hosts)],
        ['ghost', 'interne.json', ghostJsonPointingAt(hosts)],
      ] as const) {
        for (const dryRun of [true, false]) {
          const started = await start(`source=${source}&fileName=${name}&dryRun=${dryRun}`, file);
          expect(started.status).toBe(202);
          const run = contract.ImportRun.parse(await started.json());
          await workWithDownloads(run.id);
          const done = contract.ImportRun.parse(
            await (await api.request('GET', `/api/admin/imports/${run.id}`, { as: api.signed('admin') })).json(),
          );
          expect(done.status, `${source} dryRun=${dryRun}`).toBe('done');
          const reasons = (done.report?.lines ?? []).flatMap((line) => line.reasons).filter((r) => /image/i.test(r));
          expect(reasons, `${source} dryRun=${dryRun}`).toHaveLength(hosts.length * 2);
          for (const reason of reasons) expect(reason).toMatch(REFUSED_LINE);
          for (const word of ANSWER_WORDS) expect(JSON.stringify(done.report)).not.toContain(word);
          expect(listener.requests(), `${source} dryRun=${dryRun}`).toBe(0);
          expect(await mediaCount()).toBe(mediaBefore);
        }
      }
    } finally {
      await listener.close();
    }
  }, 120_000);

  it('refuses hostile requests in French, writes no run', async () => {
    const cases: [string, Uint8Array<ArrayBuffer> | string, Record<string, string> | undefined, number][] = [
      ['source=joomla&fileName=x.xml', '<rss/>', undefined, 400],
      ['source=wordpress', '<rss/>', undefined, 400],
      ['source=wordpress&fileName=', '<rss/>', undefined, 400],
      [`source=wordpress&fileName=${'x'.repeat(201)}`, '<rss/>', undefined, 400],
      ['source=wordpress&fileName=x.xml&dryRun=peut-etre', '<rss/>', undefined, 400],
      ['source=wordpress&fileName=x.xml&category=../etc', '<rss/>', undefined, 400],
      ['source=wordpress&fileName=x.xml', '', undefined, 400],
      ['source=wordpress&fileName=x.xml', '<rss/>', { 'content-type': 'application/json' }, 415],
      ['source=wordpress&fileName=x.xml', new Uint8Array(2 * 1024 * 1024 + 10) as Uint8Array<ArrayBuffer>, undefined, 413],
    ];
    const runsBefore = (await (await api.request('GET', '/api/admin/imports', { as: api.signed('admin') })).json()) as {
      results: unknown[];
    };
    for (const [query, body, headers, status] of cases) {
      const response = await start(query, body, headers);
      expect(response.status, query).toBe(status);
      const answer = (await response.json()) as { message: string };
      expect(answer.message, query).toMatch(/[a-zéè]/);
    }
    const runsAfter = (await (await api.request('GET', '/api/admin/imports', { as: api.signed('admin') })).json()) as {
      results: unknown[];
    };
    expect(runsAfter.results.length).toBe(runsBefore.results.length);
    // No CSRF token: refused before a byte is written.
    const noCsrf = await api.request('POST', '/api/admin/imports?source=wordpress&fileName=x.xml', {
      as: { ...api.signed('admin'), csrf: 'faux' },
      body: wxr,
      headers: { 'content-type': 'application/octet-stream', 'x-csrf-token': 'faux' },
    });
    expect(noCsrf.status).toBe(403);
    expect((await api.request('GET', '/api/admin/imports/999999', { as: api.signed('admin') })).status).toBe(404);
    expect((await api.request('GET', '/api/admin/imports/abc', { as: api.signed('admin') })).status).toBe(400);
    expect((await api.request('GET', '/api/admin/imports', { as: api.signed('editor') })).status).toBe(403);
  });
});
