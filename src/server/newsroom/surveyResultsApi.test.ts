/**
 * GET /api/admin/surveys ("Sondages" in the newsroom), on PGlite and PostgreSQL (TEST_DATABASE_URL): the
 * survey popins' totals per button over the last days or since the beginning, for editors and admins only;
 * a session required; hostile `days` refused in French; every answer parsed with the contract's schema.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import type { PopinParts } from '../../api/types.ts';
import { popins, popinSurveyAnswers } from '../../db/schema.ts';
import { ROLES, useNewsroomApi } from '../../testing/newsroomApi.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { countSurveyAnswer } from '../popinSurvey/popinSurveyAnswers.server.ts';

const DAY = 86_400_000;

describe.each(testDatabaseKinds)('survey results API on %s', (kind) => {
  const api = useNewsroomApi(kind);
  const { request, signed } = api;
  let demoSurvey = 0;
  let oldSurvey = 0;

  const results = async (query = '', role: 'editor' | 'admin' = 'editor') => {
    const response = await request('GET', `/api/admin/surveys${query}`, { as: signed(role) });
    expect(response.status, query).toBe(200);
    return contract.ListSurveyResultsResponse.parse(await response.json());
  };

  async function errorOf(response: Response, code: number) {
    expect(response.status).toBe(code);
    const body = contract.ErrorResponse.parse(await response.json());
    expect(body.message.length).toBeGreaterThan(10);
    return body;
  }

  beforeAll(async () => {
    const { db } = api.database();
    const [demo] = await db.select({ id: popins.id }).from(popins).where(eq(popins.type, 'survey'));
    demoSurvey = demo?.id ?? 0;
    // A survey taken offline: its answers stay readable.
    const [old] = await db
      .insert(popins)
      .values({
        matchPath: '/vieux-sondage',
        matchMode: 'prefix',
        type: 'survey',
        cookieHash: 'ancien-sondage',
        successDuration: 0,
        active: false,
        trigger: { isClose: false, isOpen: true, isOpenDelay: false, timeDelay: 0 },
        parts: { title: 'Un ancien sondage', description: 'Thé ou café ?', button1_text: 'Thé', button2_text: 'Café' } as PopinParts,
      })
      .returning({ id: popins.id });
    oldSurvey = old?.id ?? 0;
    const now = api.clock.now().getTime();
    // Today: 3 × button 1, 1 × button 2; ten days ago: 2 × button 4; forty days ago: 4 × button 1.
    for (let i = 0; i < 3; i++) await countSurveyAnswer(db, demoSurvey, 1, new Date(now));
    await countSurveyAnswer(db, demoSurvey, 2, new Date(now));
    for (let i = 0; i < 2; i++) await countSurveyAnswer(db, demoSurvey, 4, new Date(now - 10 * DAY));
    for (let i = 0; i < 4; i++) await countSurveyAnswer(db, demoSurvey, 1, new Date(now - 40 * DAY));
    await countSurveyAnswer(db, oldSurvey, 2, new Date(now - 40 * DAY));
  });

  it('lists every survey popin with its question, path, state, buttons and totals since the beginning', async () => {
    const list = await results();
    expect(list.since).toBeNull();
    expect(list.results.map((s) => s.id)).toEqual([demoSurvey, oldSurvey]);
    expect(list.results[0]).toEqual({
      id: demoSurvey,
      title: 'Une petite question',
      question: 'Quel sujet aimeriez-vous lire plus souvent sur Piquante ?',
      path: '/culture',
      active: true,
      buttons: [
        { button: 1, text: 'Plus de mode', answers: 7 },
        { button: 2, text: 'Plus de culture', answers: 1 },
        { button: 3, text: 'Plus de bien-être', answers: 0 },
        { button: 4, text: 'Plus de voyages', answers: 2 },
      ],
      total: 10,
    });
    expect(list.results[1]).toMatchObject({ title: 'Un ancien sondage', path: '/vieux-sondage', active: false, total: 1 });
  });

  it('`days` keeps the last days, today included (UTC), and says from which day', async () => {
    const today = api.clock.now().toISOString().slice(0, 10);
    const week = await results('?days=7');
    expect(week.since).toBe(new Date(api.clock.now().getTime() - 6 * DAY).toISOString().slice(0, 10));
    expect(week.results[0]?.buttons.map((b) => b.answers)).toEqual([3, 1, 0, 0]);
    expect(week.results[0]?.total).toBe(4);
    expect(week.results[1]?.total).toBe(0);
    expect((await results('?days=1')).since).toBe(today);
    expect((await results('?days=1')).results[0]?.total).toBe(4);
    const month = await results('?days=30', 'admin');
    expect(month.results[0]?.buttons.map((b) => b.answers)).toEqual([3, 1, 0, 2]);
    expect(month.results[0]?.total).toBe(6);
    expect((await results('?days=3650')).results[0]?.total).toBe(10);
    // An unknown parameter is ignored, as on the other admin lists.
    expect((await results('?periode=7')).since).toBeNull();
  });

  it('reads only: nothing is written, no audit entry, and a write method is a 405', async () => {
    const before = await api.database().db.select().from(popinSurveyAnswers);
    await results('?days=30');
    expect(await api.database().db.select().from(popinSurveyAnswers)).toEqual(before);
    const log = contract.ListAuditLogResponse.parse(
      await (await request('GET', '/api/admin/audit?limit=1', { as: signed('admin') })).json(),
    );
    expect(log.results[0]?.action).not.toMatch(/survey/);
    expect((await request('POST', '/api/admin/surveys', { as: signed('editor'), body: {} })).status).toBe(405);
  });

  it('editors and admins only (a French 403 for contributors and authors); a session required (401)', async () => {
    const want = { contributor: 403, author: 403, editor: 200, admin: 200 } as const;
    for (const role of ROLES) {
      const response = await request('GET', '/api/admin/surveys?days=30', { as: signed(role) });
      expect(response.status, role).toBe(want[role]);
      if (want[role] === 403) {
        const { message } = await errorOf(response, 403);
        expect(message).toMatch(/^Votre rôle \((contributeur|auteur)\) ne permet pas de lire les résultats des sondages\.$/);
      } else {
        contract.ListSurveyResultsResponse.parse(await response.json());
      }
    }
    expect((await errorOf(await request('GET', '/api/admin/surveys'), 401)).message).toBe('Connectez-vous à la rédaction pour continuer.');
    await errorOf(await request('GET', '/api/admin/surveys', { headers: { cookie: 'piquante_staff=pas-une-session' } }), 401);
    // The role is checked before the query: a contributor learns nothing from a hostile `days` either.
    await errorOf(await request('GET', '/api/admin/surveys?days=abc', { as: signed('contributor') }), 403);
  });

  it('refuses a hostile `days` with a French 400 naming the parameter', async () => {
    const cases: [string, RegExp][] = [
      ['days=0', /supérieur ou égal à 1/],
      ['days=-1', /supérieur ou égal à 1/],
      ['days=1.5', /nombre entier/],
      ['days=abc', /nombre entier/],
      ['days=99999', /inférieur ou égal à 3650/],
      ['days=3651', /inférieur ou égal à 3650/],
      ['days=', /nombre entier/],
      ['days=1e2', /nombre entier/],
      ['days=0x10', /nombre entier/],
      ['days=%207', /nombre entier/],
      ['days=7%3B%20DROP%20TABLE%20popins', /nombre entier/],
      // A control character is refused before the parameter is read, by the one rule every input follows.
      ['days=%00', /caractère de contrôle interdit/],
      [`days=${'9'.repeat(40)}`, /nombre entier/],
      ['days=7&days=30', /qu'une fois/],
      ['days=7&days=7&days=7', /qu'une fois/],
    ];
    for (const [query, message] of cases) {
      const body = await errorOf(await request('GET', `/api/admin/surveys?${query}`, { as: signed('editor') }), 400);
      expect(body.message, query).toMatch(/« days »/);
      expect(body.message, query).toMatch(message);
      expect(body.fields, query).toHaveProperty('days');
    }
    // Nothing was harmed.
    expect((await results()).results).toHaveLength(2);
  });
});
