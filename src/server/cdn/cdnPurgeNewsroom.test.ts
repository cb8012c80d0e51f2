/**
 * The CDN's purge recorded by the newsroom's writes themselves (decision 032), on PGlite and PostgreSQL
 * (TEST_DATABASE_URL): an article's publish notes its tags in `cdn_purge_tags` in its own transaction, a
 * refused write (409) notes nothing, a recording that fails takes the change down with it (one transaction:
 * the publish is rolled back, never committed without its purge), and the other write paths — a format, a
 * category, a redirect, the scheduler, an import's items — note theirs.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import { cdnPurgeTags } from '../../db/schema.ts';
import { quotationDeclaration } from '../../formats/quotationFormat.ts';
import { cdnPurgeRecorder } from '../cache/contentPurge.ts';
import { formatCalls } from '../../testing/formatApi.ts';
import { draftBody, useNewsroomApi } from '../../testing/newsroomApi.ts';
import { TEST_CDN } from '../../testing/testCdn.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { pendingPurgeTags } from './cdnPurgeOutbox.ts';
import { schedulerPass } from '../newsroom/scheduler.ts';
import type { ImportEvent, ImportSource } from '../import/importModel.ts';
import { runImport } from '../import/importWriter.ts';
import { noStorage } from '../import/importImages.ts';

describe.each(testDatabaseKinds)('the newsroom records its CDN purges in its transactions on %s', (kind) => {
  const recorder = cdnPurgeRecorder(TEST_CDN);
  let failing = false;
  const api = useNewsroomApi(
    kind,
    { NEWSROOM_TEST_CLOCK: '1', NODE_ENV: 'test' },
    {
      recordPurge: async (tx, tags) => {
        await recorder(tx, tags);
        if (failing) throw new Error('the outbox is out of order');
      },
    },
  );
  const { request, signed } = api;
  const waiting = async () => (await pendingPurgeTags(api.database().db, 1000)).map((row) => row.tag).sort();

  beforeEach(async () => {
    failing = false;
    await api.database().db.delete(cdnPurgeTags);
  });

  async function draft(title: string) {
    const response = await request('POST', '/api/admin/articles', { as: signed('editor'), body: draftBody(title) });
    expect(response.status, await response.clone().text()).toBe(201);
    return contract.AdminArticle.parse(await response.json());
  }
  const publish = (id: number, version: number) =>
    request('POST', `/api/admin/articles/${id}/status`, { as: signed('editor'), body: { action: 'publish', version } });

  it('a publish notes its article, its category, its author, the latest articles and the home', async () => {
    const article = await draft('Un article purgé au CDN');
    // A draft is nothing readers see: nothing noted.
    expect(await waiting()).toEqual([]);
    const published = await publish(article.id, article.version);
    expect(published.status, await published.clone().text()).toBe(200);
    const noted = await waiting();
    expect(noted).toEqual(expect.arrayContaining([`a:${article.id}`, 'c:mode', 'home', 'list:articles']));
    expect(noted.some((tag) => tag.startsWith('au:'))).toBe(true);
  });

  it('a refused write (an outdated version) notes nothing', async () => {
    const article = await draft('Un article en conflit');
    const first = contract.AdminArticle.parse(await (await publish(article.id, article.version)).json());
    await api.database().db.delete(cdnPurgeTags);
    const stale = await request('PUT', `/api/admin/articles/${article.id}`, {
      as: signed('editor'),
      body: { ...draftBody('Trop tard'), version: first.version - 1 },
    });
    expect(stale.status).toBe(409);
    expect(await waiting()).toEqual([]);
  });

  it('a recording that fails rolls the change back with it: never a publish without its purge', async () => {
    const article = await draft('Un article jamais publié');
    failing = true;
    // A fault, not hostile input: the server answers 500 (the test handler names it: no contract declares it).
    await expect(publish(article.id, article.version)).rejects.toThrow(/status 500/);
    failing = false;
    const after = contract.AdminArticle.parse(
      await (await request('GET', `/api/admin/articles/${article.id}`, { as: signed('editor') })).json(),
    );
    expect(after.status).toBe('draft');
    expect(after.version).toBe(article.version);
    expect(await waiting()).toEqual([]);
    // The same request once the outbox works: published, and noted.
    expect((await publish(article.id, article.version)).status).toBe(200);
    expect(await waiting()).toContain(`a:${article.id}`);
  });

  it('a format, a category, a redirect and the scheduler note theirs', async () => {
    const { create, status } = formatCalls(api, quotationDeclaration);
    const quote = await create({ text: 'Une citation purgée.', author: 'Anonyme' });
    expect(await waiting()).toEqual([]);
    await status(quote.id, quote.version, 'publish');
    expect(await waiting()).toEqual(['f:quotation']);

    await api.database().db.delete(cdnPurgeTags);
    const categories = contract.ListAdminCategoriesResponse.parse(
      await (await request('GET', '/api/admin/categories', { as: signed('editor') })).json(),
    );
    const order = await request('POST', '/api/admin/categories/order', {
      as: signed('editor'),
      body: { ids: categories.results.map((category) => category.id) },
    });
    expect(order.status).toBe(200);
    expect(await waiting()).toEqual(['site']);

    await api.database().db.delete(cdnPurgeTags);
    const redirect = await request('POST', '/api/admin/redirects', {
      as: signed('editor'),
      body: { from: '/ancien-chemin-cdn/', to: '/mode' },
    });
    expect(redirect.status, await redirect.clone().text()).toBe(201);
    expect(await waiting()).toEqual(['site']);

    await api.database().db.delete(cdnPurgeTags);
    const article = await draft('Un article programmé');
    const at = new Date(api.clock.now().getTime() + 60_000).toISOString();
    const scheduled = await request('POST', `/api/admin/articles/${article.id}/status`, {
      as: signed('editor'),
      body: { action: 'schedule', version: article.version, scheduledAt: at },
    });
    expect(scheduled.status, await scheduled.clone().text()).toBe(200);
    await api.database().db.delete(cdnPurgeTags);
    const run = await request('POST', '/api/admin/scheduler/run', { as: signed('editor'), body: { advanceSeconds: 120 } });
    expect(run.status, await run.clone().text()).toBe(200);
    expect(contract.RunSchedulerResponse.parse(await run.json()).published).toContain(article.id);
    expect(await waiting()).toEqual(['site']);

    // The scheduler's timer: its pass and the record in one transaction; a pass that publishes nothing notes nothing.
    const later = await draft('Un article programmé pour le minuteur');
    const timed = await request('POST', `/api/admin/articles/${later.id}/status`, {
      as: signed('editor'),
      body: { action: 'schedule', version: later.version, scheduledAt: new Date(api.clock.now().getTime() + 60_000).toISOString() },
    });
    expect(timed.status).toBe(200);
    await api.database().db.delete(cdnPurgeTags);
    expect(await schedulerPass(api.database().db, api.clock.now(), recorder)).toEqual([]);
    expect(await waiting()).toEqual([]);
    expect(await schedulerPass(api.database().db, new Date(api.clock.now().getTime() + 120_000), recorder)).toContain(String(later.id));
    expect(await waiting()).toEqual(['site']);
  });

  it('an import notes `site` in each item that readers see; a dry run and a failed item note nothing', async () => {
    const db = api.database().db;
    const post = (sourceId: string, status: 'published' | 'draft', publishedAt: Date | null) => ({
      kind: 'post' as const,
      sourceId,
      title: `Importé ${sourceId}`,
      slug: `importe-cdn-${sourceId}`,
      status,
      publishedAt,
      updatedAt: publishedAt ?? new Date('2021-03-05T10:00:00Z'),
      excerpt: '',
      seoTitle: '',
      seoDescription: '',
      authorSourceIds: [],
      categorySourceIds: [],
      tagSourceIds: [],
      bodyHtml: '<p>Un texte.</p>',
      featureImage: null,
      oldUrls: [],
    });
    const source = (events: ImportEvent[]): ImportSource => ({
      kind: 'wordpress',
      siteUrl: 'https://ancien.example',
      postCount: events.length,
      async *events() {
        yield* events;
      },
      readImage: async () => null,
      close: async () => {},
    });
    const noted: number[] = [];
    const recordPurge = async (tx: Parameters<typeof recorder>[0], tags?: readonly string[]) => {
      await recorder(tx, tags);
      noted.push(1);
    };
    const events: ImportEvent[] = [
      { type: 'post', post: post('cdn-1', 'draft', null) },
      { type: 'post', post: post('cdn-2', 'published', new Date('2021-03-04T10:00:00Z')) },
      // A date no database stores: the item fails and is rolled back.
      { type: 'post', post: post('cdn-3', 'published', new Date(Number.NaN)) },
    ];
    const dry = await runImport(db, source(events), { dryRun: true, storage: noStorage, download: false, recordPurge });
    expect(dry.publicChange).toBe(false);
    expect(await waiting()).toEqual([]);
    noted.length = 0;
    const run = await runImport(db, source(events), { dryRun: false, storage: noStorage, download: false, recordPurge });
    expect(run.publicChange).toBe(true);
    expect(run.report.counts.post?.failed).toBe(1);
    expect(await waiting()).toEqual(['site']);
    // The published post's item noted it; neither the draft nor the failed item did.
    expect(noted).toHaveLength(1);
  });
});
