/**
 * POST /api/popin/survey in-process, on PGlite and on PostgreSQL when TEST_DATABASE_URL is set: answers
 * checked against the contract, the counters read back after each call, hostile bodies counting nothing.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { PopinParts } from '../../api/types.ts';
import { popins, popinSurveyAnswers } from '../../db/schema.ts';
import { expectRefusal, jsonPost, testClientIp } from '../../testing/apiRequests.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { useTestDatabase } from '../../testing/useTestDatabase.ts';
import { createTestApiHandler } from '../../testing/testApiHandler.ts';
import { tallySurveys } from './popinSurveyAnswers.server.ts';
import { popinSurveyHandlers, surveyMessages } from './popinSurveyRoutes.ts';

const URL_ = 'http://magazine.test/api/popin/survey';
const post = (body: unknown, headers: Record<string, string> = {}, ip?: string) => jsonPost(URL_, body, headers, ip);

const noParts: PopinParts = {
  background: null,
  background_mobile: null,
  title: null,
  subtitle: null,
  description: null,
  submit: null,
  button1_text: null,
  button2_text: null,
  button3_text: null,
  button4_text: null,
  button1_url: null,
  button2_url: null,
  button3_url: null,
  button4_url: null,
  thanks: null,
  choice1_type: null,
  choice1_description: null,
  choice1_image: null,
  choice2_type: null,
  choice2_description: null,
  choice2_image: null,
};

const trigger = { isClose: false, isOpen: true, isOpenDelay: false, timeDelay: 0 };
const surveyParts: PopinParts = {
  ...noParts,
  title: 'Une petite question',
  description: 'Quel sujet aimeriez-vous lire plus souvent ?',
  button1_text: 'Plus de mode',
  button2_text: 'Plus de culture',
  button3_text: 'Plus de bien-être',
  thanks: 'Merci !',
};

describe.each(testDatabaseKinds)('survey popin answers API on %s', (kind) => {
  const database = useTestDatabase(kind);
  beforeEach(async () => {
    await database.db.delete(popinSurveyAnswers);
    await database.db.delete(popins);
    await database.db.insert(popins).values([
      {
        matchPath: '/culture',
        matchMode: 'prefix',
        type: 'survey',
        cookieHash: 'sondage1',
        successDuration: 0,
        trigger,
        parts: surveyParts,
      },
      {
        matchPath: '/vieux',
        matchMode: 'prefix',
        type: 'survey',
        cookieHash: 'ancien',
        successDuration: 0,
        trigger,
        parts: surveyParts,
        active: false,
      },
      { matchPath: '/mode', matchMode: 'prefix', type: 'button', cookieHash: 'boutons', successDuration: 0, trigger, parts: surveyParts },
    ]);
  });

  let today = new Date('2026-11-23T10:15:00.000Z');
  function handler(rateLimitPerMinute = 0) {
    const routes = popinSurveyHandlers({
      rateLimitPerMinute,
      clientIp: testClientIp,
      now: () => today,
    });
    return createTestApiHandler(database.db, routes);
  }
  const counters = () => database.db.select().from(popinSurveyAnswers);

  it('counts an answer (204, no-store, empty) as a total per popin, button and day, with nothing about the reader', async () => {
    const response = await handler()(post({ popin: 'sondage1', button: 2 }));
    expect(response.status).toBe(204);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toBe('');
    const rows = await counters();
    expect(rows).toEqual([{ popinId: expect.any(Number), button: 2, day: '2026-11-23', answers: 1 }]);
    // Only these columns exist: no IP address, no cookie, no user agent, no time finer than the day.
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['answers', 'button', 'day', 'popinId']);
  });

  it('adds up concurrent answers without losing one, and starts a new counter each day', async () => {
    const handle = handler();
    const responses = await Promise.all(Array.from({ length: 40 }, (_, i) => handle(post({ popin: 'sondage1', button: (i % 2) + 1 }))));
    expect(responses.map((r) => r.status)).toEqual(Array(40).fill(204));
    today = new Date('2026-11-24T08:00:00.000Z');
    await handle(post({ popin: 'sondage1', button: 3 }));
    const [tally] = await tallySurveys(database.db, null);
    expect(tally).toMatchObject({ path: '/culture', title: 'Une petite question', total: 41 });
    expect(tally?.buttons).toEqual([
      { button: 1, text: 'Plus de mode', answers: 20 },
      { button: 2, text: 'Plus de culture', answers: 20 },
      { button: 3, text: 'Plus de bien-être', answers: 1 },
    ]);
    const [lastDay] = await tallySurveys(database.db, '2026-11-24');
    expect(lastDay?.total).toBe(1);
    today = new Date('2026-11-23T10:15:00.000Z');
  });

  it('an unknown, inactive or non-survey popin is a French 404; a button it does not have, a 400', async () => {
    const handle = handler();
    await expectRefusal(await handle(post({ popin: 'inconnu', button: 1 })), 404, surveyMessages.unknownSurvey);
    await expectRefusal(await handle(post({ popin: 'ancien', button: 1 })), 404, surveyMessages.unknownSurvey);
    await expectRefusal(await handle(post({ popin: 'boutons', button: 1 })), 404, surveyMessages.unknownSurvey);
    const body = await expectRefusal(await handle(post({ popin: 'sondage1', button: 4 })), 400, surveyMessages.unknownButton(4));
    expect(body.fields).toEqual({ button: surveyMessages.unknownButton(4) });
    expect(await counters()).toEqual([]);
  });

  it('hostile bodies get a French 400/413/415 and count nothing', async () => {
    const handle = handler();
    const cases: [unknown, number, RegExp?][] = [
      ['{', 400, /JSON valide/],
      ['null', 400],
      ['[]', 400],
      [{}, 400, /obligatoire/],
      [{ popin: 'sondage1' }, 400, /« button » est obligatoire/],
      [{ button: 1 }, 400, /« popin » est obligatoire/],
      [{ popin: 'sondage1', button: 0 }, 400, /de 1 à 4/],
      [{ popin: 'sondage1', button: 5 }, 400, /de 1 à 4/],
      [{ popin: 'sondage1', button: 1.5 }, 400, /de 1 à 4/],
      [{ popin: 'sondage1', button: '2' }, 400, /de 1 à 4/],
      [{ popin: 'sondage1', button: -1e308 }, 400, /de 1 à 4/],
      [{ popin: '', button: 1 }, 400, /identifiant de la popin/],
      [{ popin: "'; DROP TABLE popins; --", button: 1 }, 400, /identifiant de la popin/],
      [{ popin: '<script>alert(1)</script>', button: 1 }, 400, /identifiant de la popin/],
      [{ popin: 'x'.repeat(65), button: 1 }, 400, /identifiant de la popin/],
      [{ popin: ['sondage1'], button: 1 }, 400, /identifiant de la popin/],
      [{ popin: 'sondage1', button: 1, email: 'a@b.fr' }, 400, /n'est pas attendu/],
    ];
    for (const [body, status, message] of cases) {
      await expectRefusal(await handle(post(body)), status, message);
    }
    await expectRefusal(await handle(post({ popin: 'sondage1', button: 1 }, { 'content-type': 'text/plain' })), 415, /application\/json/);
    await expectRefusal(await handle(post('x'.repeat(600))), 413, /volumineux/);
    await expectRefusal(await handle(post({ popin: 'sondage1', button: 1 }, { 'content-length': '999999' })), 413, /volumineux/);
    expect(await counters()).toEqual([]);
  });

  it('refuses an answer sent from another site (403) and a flood from one address (429 in French)', async () => {
    const handle = handler(2);
    await expectRefusal(await handle(post({ popin: 'sondage1', button: 1 }, { origin: 'https://evil.example' })), 403);
    for (let i = 0; i < 2; i++) expect((await handle(post({ popin: 'sondage1', button: 1 }))).status).toBe(204);
    const limited = await handle(post({ popin: 'sondage1', button: 1 }));
    await expectRefusal(limited, 429, surveyMessages.tooManyRequests);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await handle(post({ popin: 'sondage1', button: 1 }, {}, '198.51.100.2'))).status).toBe(204);
    expect((await tallySurveys(database.db, null))[0]?.total).toBe(3);
  });

  it('only POST: a GET is a 405, never the totals', async () => {
    expect((await handler()(new Request(URL_))).status).toBe(405);
  });
});
