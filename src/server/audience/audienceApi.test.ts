/**
 * The exempt audience measurement end to end in-process, on PGlite and PostgreSQL (TEST_DATABASE_URL):
 * POST /api/audience/hits (what is counted and what is not, hostile bodies, floods), the batched writes
 * (concurrent beacons add up exactly, a failed write loses nothing), the purge past 25 months, the roll-up
 * of old days into months (same totals), and
 * GET /api/admin/audience (periods, comparison, roles: contributors see their own articles only).
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import { audienceEvents, audiencePages, audienceSources, categories, newsroomArticles } from '../../db/schema.ts';
import { rowsOf } from '../../db/queryResults.ts';
import { expectRefusal, testClientIp } from '../../testing/apiRequests.ts';
import { type ROLES, useNewsroomApi } from '../../testing/newsroomApi.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { createAudienceRecorder } from './audienceRecorder.ts';
import { audienceMessages, audienceBeaconHandlers } from './audienceRoutes.ts';
import { rollupBoundary } from './audienceRollup.server.ts';
import { retentionCutoff } from './audienceStore.server.ts';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe.each(testDatabaseKinds)('audience measurement on %s', (kind) => {
  let today = new Date('2026-11-28T10:00:00.000Z');
  const now = () => today;
  const recorder = createAudienceRecorder({ now });
  const beacons = audienceBeaconHandlers({
    recorder,
    siteHosts: ['www.piquante.fr'],
    clientIp: testClientIp,
    rateLimitPerMinute: 1000,
    now,
  });
  const api = useNewsroomApi(kind, {}, { audience: recorder, extra: beacons });
  const { request, signed } = api;
  const db = () => api.database().db;

  /** What navigator.sendBeacon sends for a string: text/plain. */
  const beacon = (body: unknown, headers: Record<string, string> = {}) =>
    request('POST', '/api/audience/hits', {
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': CHROME, ...headers },
    });
  const view = (path: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    beacon({ path, view: true, ...extra }, headers);

  async function report(query: string, role: (typeof ROLES)[number] = 'editor') {
    const response = await request('GET', `/api/admin/audience?${query}`, { as: signed(role) });
    expect(response.status, query).toBe(200);
    return contract.GetAudienceReportResponse.parse(await response.json());
  }
  const day = (q = 'from=2026-11-28&to=2026-11-28') => report(q);

  beforeEach(async () => {
    await recorder.flush(db());
    await db().delete(audiencePages);
    await db().delete(audienceSources);
    await db().delete(audienceEvents);
    today = new Date('2026-11-28T10:00:00.000Z');
  });

  it('counts views, visits (arrivals from outside), referrer hosts, utm values and devices, and nothing else', async () => {
    expect((await view('/mode/robe-rouge', { referrer: 'www.google.com' })).status).toBe(204);
    await view('/mode/robe-rouge', { referrer: '' }, { 'user-agent': IPHONE });
    await view('/mode/robe-rouge', { referrer: 'www.piquante.fr' });
    await view('/mode/robe-rouge/', { referrer: 'magazine.test' });
    await view('/', { referrer: 'l.instagram.com', source: 'Newsletter', medium: 'email', campaign: 'noel-2026' });
    expect(await db().select().from(audiencePages)).toEqual([]); // not yet: batched
    const figures = await day();
    expect(figures.totals).toEqual({ views: 5, visits: 3 });
    expect(figures.pages.map((p) => [p.path, p.views, p.visits])).toEqual([
      ['/mode/robe-rouge', 4, 2],
      ['/', 1, 1],
    ]);
    expect(figures.referrers).toEqual([
      { value: '(direct)', count: 1 },
      { value: 'google.com', count: 1 },
      { value: 'l.instagram.com', count: 1 },
    ]);
    expect(figures.sources).toEqual([{ value: 'newsletter', count: 1 }]);
    expect(figures.mediums).toEqual([{ value: 'email', count: 1 }]);
    expect(figures.campaigns).toEqual([{ value: 'noel-2026', count: 1 }]);
    expect(figures.devices).toEqual([
      { value: 'desktop', count: 4 },
      { value: 'mobile', count: 1 },
    ]);
    // The only columns: days, paths, dimensions and totals. No address, agent, cookie or identifier.
    const columns = rowsOf<{ table_name: string; column_name: string }>(
      await db().execute(sql`select table_name, column_name from information_schema.columns
        where table_name like 'audience_%' order by table_name, ordinal_position`),
    ).map((row) => `${row.table_name}.${row.column_name}`);
    expect(columns).toEqual([
      'audience_events.day',
      'audience_events.path',
      'audience_events.kind',
      'audience_events.subject',
      'audience_events.step',
      'audience_events.count',
      'audience_pages.day',
      'audience_pages.path',
      'audience_pages.views',
      'audience_pages.visits',
      'audience_sources.day',
      'audience_sources.path',
      'audience_sources.dimension',
      'audience_sources.value',
      'audience_sources.hits',
    ]);
    const stored = JSON.stringify([await db().select().from(audienceSources), await db().select().from(audiencePages)]);
    expect(stored).not.toMatch(/203\.0\.113|127\.0\.0\.1|Chrome|iPhone/);
  });

  it('does not count bots, prefetches, prerenders, Global Privacy Control, the newsroom or previews (204 all the same)', async () => {
    const refused = [
      await view('/mode/robe-rouge', {}, { 'user-agent': GOOGLEBOT }),
      await view('/mode/robe-rouge', {}, { 'user-agent': '' }),
      await view('/mode/robe-rouge', {}, { 'sec-purpose': 'prefetch' }),
      await view('/mode/robe-rouge', {}, { 'sec-purpose': 'prefetch;prerender' }),
      await view('/mode/robe-rouge', {}, { purpose: 'prefetch' }),
      await view('/mode/robe-rouge', {}, { 'sec-gpc': '1' }),
      await view('/admin/articles'),
      await view('/admin'),
      await view('/apercu/un-jeton'),
    ];
    expect(refused.map((r) => r.status)).toEqual(Array(refused.length).fill(204));
    expect((await day()).totals).toEqual({ views: 0, visits: 0 });
    expect(await db().select().from(audienceSources)).toEqual([]);
  });

  it('adds up 300 concurrent beacons exactly, in one write per table, across days', async () => {
    const sent = await Promise.all(Array.from({ length: 300 }, (_, i) => view(`/page-${i % 3}`, { referrer: i % 2 ? 'bing.com' : '' })));
    expect(sent.every((r) => r.status === 204)).toBe(true);
    expect(recorder.pending()).toBeGreaterThan(0);
    today = new Date('2026-11-29T00:00:01.000Z');
    await view('/page-0');
    const both = await report('from=2026-11-28&to=2026-11-29');
    expect(both.totals).toEqual({ views: 301, visits: 301 });
    expect(both.days).toEqual([
      { day: '2026-11-28', views: 300, visits: 300 },
      { day: '2026-11-29', views: 1, visits: 1 },
    ]);
    expect(both.pages.map((p) => p.views)).toEqual([101, 100, 100]);
    expect(recorder.pending()).toBe(0);
  });

  it('keeps a batch whose write failed and writes it at the next flush', async () => {
    await view('/culture/expo');
    await expect(recorder.flush({ execute: async () => Promise.reject(new Error('base indisponible')) } as never)).rejects.toThrow();
    expect(recorder.pending()).toBeGreaterThan(0);
    expect((await day()).totals.views).toBe(1);
  });

  it("counts the magazine's features: searches (with and without result), signups, popins, quizzes, repartee", async () => {
    await beacon({
      path: '/recherche',
      events: [
        { kind: 'search', subject: 'Crème Solaire', step: 0 },
        { kind: 'search', subject: 'crème  solaire', step: 0 },
        { kind: 'search', subject: 'robe', step: 1 },
        { kind: 'search', subject: 'marie.dupont@exemple.fr', step: 0 },
        { kind: 'search', subject: '06 12 34 56 78', step: 0 },
      ],
    });
    await view('/mode/robe-rouge');
    await view('/mode/robe-rouge');
    await beacon({ path: '/mode/robe-rouge', events: [{ kind: 'signup', subject: 'footer' }] });
    await beacon({
      path: '/culture',
      events: [
        { kind: 'popin-impression', subject: 'selfcare' },
        { kind: 'popin-impression', subject: 'selfcare' },
        { kind: 'popin-click', subject: 'selfcare' },
        { kind: 'popin-signup', subject: 'selfcare' },
        { kind: 'quiz-start', subject: 'quel-parfum' },
        { kind: 'quiz-question', subject: 'quel-parfum', step: 1 },
        { kind: 'quiz-question', subject: 'quel-parfum', step: 2 },
        { kind: 'quiz-complete', subject: 'quel-parfum' },
        { kind: 'repartee-draw', subject: 'repartie-bureau' },
      ],
    });
    const figures = await day();
    expect(figures.searches).toEqual([
      { value: 'crème solaire', count: 2 },
      { value: 'robe', count: 1 },
    ]);
    expect(figures.searchesWithoutResult).toEqual([{ value: 'crème solaire', count: 2 }]);
    expect(figures.signups).toEqual([{ value: 'footer', count: 1 }]);
    expect(figures.pages.find((p) => p.path === '/mode/robe-rouge')).toMatchObject({ views: 2, signups: 1 });
    expect(figures.popins).toEqual([
      {
        subject: 'selfcare',
        steps: [
          { value: 'affichages', count: 2 },
          { value: 'clics', count: 1 },
          { value: 'réponses', count: 0 },
          { value: 'inscriptions', count: 1 },
        ],
      },
    ]);
    expect(figures.quizzes).toEqual([
      {
        subject: 'quel-parfum',
        steps: [
          { value: 'débuts', count: 1 },
          { value: 'question 1', count: 1 },
          { value: 'question 2', count: 1 },
          { value: 'fins', count: 1 },
        ],
      },
    ]);
    expect(figures.repartee).toEqual([{ value: 'repartie-bureau', count: 1 }]);
  });

  it('hostile beacons get a French 4xx and count nothing', async () => {
    const cases: [unknown, number, RegExp][] = [
      ['{', 400, /JSON valide/],
      ['null', 400, /./],
      ['[]', 400, /./],
      [{}, 400, /« path » est obligatoire/],
      [{ path: 'mode/robe' }, 400, /« path »/],
      [{ path: 'https://evil.example/x' }, 400, /« path »/],
      [{ path: '/a b' }, 400, /« path »/],
      [{ path: '/a?b=c' }, 400, /« path »/],
      [{ path: '/a\u0000b' }, 400, /caractère de contrôle/],
      [{ path: '/a', referrer: 'evil.example/path' }, 400, /« referrer »/],
      [{ path: '/a', referrer: 'a\u202eb' }, 400, /caractère de contrôle/],
      [{ path: `/${'a'.repeat(400)}` }, 400, /« path »/],
      [{ path: '/a', source: 'x'.repeat(101) }, 400, /« source »/],
      [{ path: '/a', view: 'yes' }, 400, /« view »/],
      [{ path: '/a', ip: '1.2.3.4' }, 400, /n'est pas attendu/],
      [{ path: '/a', events: [{ kind: 'purchase', subject: 'x' }] }, 400, /events\.0\.kind|« events/],
      [{ path: '/a', events: [{ kind: 'search', subject: 'x', step: -1 }] }, 400, /./],
      [{ path: '/a', events: Array(21).fill({ kind: 'search', subject: 'x' }) }, 400, /« events »/],
    ];
    for (const [body, status, message] of cases) await expectRefusal(await beacon(body), status, message);
    await expectRefusal(await beacon({ path: '/a', view: true }, { 'content-type': 'application/x-www-form-urlencoded' }), 415);
    await expectRefusal(await beacon('x'.repeat(5000)), 413, /volumineux/);
    await expectRefusal(await beacon({ path: '/a', view: true }, { 'content-length': '99999999' }), 413, /volumineux/);
    await expectRefusal(await beacon({ path: '/a', view: true }, { origin: 'https://evil.example' }), 403);
    // JSON with its own content type is accepted too.
    expect((await beacon({ path: '/a', view: true }, { 'content-type': 'application/json' })).status).toBe(204);
    expect((await day()).totals.views).toBe(1);
  });

  it('cuts a flood from one address (429 in French) and keeps counting others', async () => {
    const limited = audienceBeaconHandlers({ recorder, siteHosts: [], clientIp: testClientIp, rateLimitPerMinute: 3, now });
    const send = (ip: string) =>
      limited.recordAudienceHit({
        db: db(),
        request: new Request('http://magazine.test/api/audience/hits', {
          method: 'POST',
          body: JSON.stringify({ path: '/flood', view: true }),
          headers: { 'content-type': 'text/plain', 'user-agent': CHROME, 'x-test-ip': ip },
        }),
        url: new URL('http://magazine.test/api/audience/hits'),
      } as never);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await send('198.51.100.9')).status);
    expect(statuses).toEqual([204, 204, 204, 429, 429]);
    const last = await send('198.51.100.9');
    await expectRefusal(last, 429, audienceMessages.tooManyRequests);
    expect((await send('198.51.100.10')).status).toBe(204);
    expect((await day()).totals.views).toBe(4);
  });

  it('deletes days older than 25 months at the first flush of each hour', async () => {
    const fresh = createAudienceRecorder({ now });
    expect(retentionCutoff(today, 25)).toBe('2024-10-28');
    await db()
      .insert(audiencePages)
      .values([
        { day: '2024-10-27', path: '/vieux', views: 5, visits: 1 },
        { day: '2024-10-28', path: '/garde', views: 7, visits: 2 },
      ]);
    await db().insert(audienceSources).values({ day: '2024-01-01', path: '/vieux', dimension: 'device', value: 'mobile', hits: 1 });
    await db().insert(audienceEvents).values({ day: '2024-01-01', path: '/vieux', kind: 'search', subject: 'x', step: 0, count: 1 });
    await fresh.flush(db());
    expect((await db().select().from(audiencePages)).map((r) => r.path)).toEqual(['/garde']);
    expect(await db().select().from(audienceSources)).toEqual([]);
    expect(await db().select().from(audienceEvents)).toEqual([]);
  });

  it('rolls whole months older than 90 days into one row each, and the report gives the same totals', async () => {
    const fresh = createAudienceRecorder({ now });
    expect(rollupBoundary(today, 90)).toBe('2026-08-01');
    const days = ['2026-06-01', '2026-06-02', '2026-06-30', '2026-07-15', '2026-08-02'];
    await db()
      .insert(audiencePages)
      .values(
        days.flatMap((d, i) => [
          { day: d, path: '/a', views: i + 1, visits: 1 },
          { day: d, path: '/b', views: 10, visits: 2 },
        ]),
      );
    await db()
      .insert(audienceSources)
      .values(days.map((d) => ({ day: d, path: '/a', dimension: 'referrer', value: 'www.google.com', hits: 3 })));
    await db()
      .insert(audienceEvents)
      .values(days.map((d, i) => ({ day: d, path: '/a', kind: 'popin-impression', subject: 'h', step: 0, count: i + 2 })));
    const periods = ['from=2026-06-01&to=2026-06-30', 'from=2026-06-01&to=2026-08-31', 'from=2025-11-29&to=2026-11-28&path=/a'];
    const figures = async () =>
      Promise.all(
        periods.map(async (q) => {
          const r = await report(q);
          return { totals: r.totals, pages: r.pages.map((p) => [p.path, p.views, p.visits]), referrers: r.referrers, popins: r.popins };
        }),
      );
    const before = await figures();
    expect(before[1]?.totals).toEqual({ views: 15 + 50, visits: 5 + 10 });
    await fresh.flush(db());
    expect(await figures()).toEqual(before);
    const pageDays = await db().select({ day: audiencePages.day }).from(audiencePages).where(eq(audiencePages.path, '/a'));
    expect(pageDays.map((r) => r.day).sort()).toEqual(['2026-06-01', '2026-07-01', '2026-08-02']);
    const june = await db().select().from(audienceEvents).where(eq(audienceEvents.day, '2026-06-01'));
    expect(june.map((r) => r.count)).toEqual([2 + 3 + 4]);
    expect((await db().select().from(audienceSources)).length).toBe(3);
    // Again: a rolled month is left as it is.
    await createAudienceRecorder({ now }).flush(db());
    expect(await figures()).toEqual(before);
  });

  it('compares with the period before, and fills days without views with zero', async () => {
    today = new Date('2026-11-20T12:00:00.000Z');
    await view('/a');
    await view('/a');
    today = new Date('2026-11-27T12:00:00.000Z');
    await view('/a');
    const week = await report('from=2026-11-22&to=2026-11-28');
    expect([week.previousFrom, week.previousTo]).toEqual(['2026-11-15', '2026-11-21']);
    expect(week.totals.views).toBe(1);
    expect(week.previousTotals.views).toBe(2);
    expect(week.days).toHaveLength(7);
    expect(week.days.filter((d) => d.views > 0)).toEqual([{ day: '2026-11-27', views: 1, visits: 1 }]);
    const one = await report('from=2026-11-01&to=2026-11-28&path=/a');
    expect(one.path).toBe('/a');
    expect(one.totals.views).toBe(3);
  });

  describe('who reads what', () => {
    let ownPath = '';
    let otherPath = '';
    beforeAll(async () => {
      const rows = await db()
        .select({ id: newsroomArticles.id, slug: newsroomArticles.slug, category: categories.slug })
        .from(newsroomArticles)
        .innerJoin(categories, eq(categories.id, newsroomArticles.categoryId))
        .limit(2);
      const [own, other] = rows;
      if (!own || !other) throw new Error('the demo content has articles');
      await db()
        .update(newsroomArticles)
        .set({ createdBy: signed('contributor').id })
        .where(eq(newsroomArticles.id, own.id));
      ownPath = `/${own.category}/${own.slug}`;
      otherPath = `/${other.category}/${other.slug}`;
    });

    it('editors see every page with its article title; contributors only their own articles, and no site events', async () => {
      await view(ownPath);
      await view(otherPath);
      await view(otherPath);
      await beacon({ path: ownPath, events: [{ kind: 'search', subject: 'robe', step: 0 }] });
      const editor = await day();
      expect(editor.totals.views).toBe(3);
      expect(editor.pages.every((p) => p.title !== null && p.category !== null)).toBe(true);
      const contributor = await report('from=2026-11-28&to=2026-11-28', 'contributor');
      expect(contributor.pages.map((p) => p.path)).toEqual([ownPath]);
      expect(contributor.totals.views).toBe(1);
      expect(contributor.searches).toEqual([]);
      const response = await request('GET', `/api/admin/audience?from=2026-11-28&to=2026-11-28&path=${otherPath}`, {
        as: signed('contributor'),
      });
      await expectRefusal(response, 403, /vos propres articles/);
    });

    it('a session is required; hostile periods are a French 400', async () => {
      expect((await request('GET', '/api/admin/audience?from=2026-11-01&to=2026-11-28')).status).toBe(401);
      const as = signed('editor');
      for (const query of [
        '',
        'from=2026-11-01',
        'from=2026-13-01&to=2026-11-28',
        'from=2026-02-30&to=2026-03-01',
        'from=2026-11-28&to=2026-11-01',
        'from=2020-01-01&to=2026-11-28',
        'from=hier&to=2026-11-28',
        'from=2026-11-01&to=2026-11-28&path=pas-un-chemin',
        'from=2026-11-01&to=2026-11-28&path=/a%00b',
        'from=2026-11-01&to=2026-11-28&from=2026-11-02',
      ]) {
        const response = await request('GET', `/api/admin/audience?${query}`, { as });
        await expectRefusal(response, 400);
      }
    });
  });
});
