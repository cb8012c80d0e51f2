/**
 * GET /api/quizz-result/{resultUrl} (issue 9: '/quizz/{urlresult}' without the quiz slug) against the
 * contract, on PGlite and on PostgreSQL when TEST_DATABASE_URL is set; hostile slugs never give a 5xx.
 */
import { describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import { quizResults, quizzes } from '../../db/schema.ts';
import { useSeededApi } from '../../testing/seededApi.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';

describe.each(testDatabaseKinds)('GET /api/quizz-result/{resultUrl} on %s', (kind) => {
  const { get, database } = useSeededApi(kind);

  it('answers the result and its quiz, in the contract shape, cacheable', async () => {
    const quiz = contract.GetQuizResponse.parse(await (await get('/api/quizz/quel-cafe-etes-vous')).json());
    const result = quiz.results[1];
    if (!result) throw new Error('no result');
    const response = await get(`/api/quizz-result/${result.url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const body = contract.GetQuizResultBySlugResponse.parse(await response.json());
    expect(body.result).toEqual({ ...result, quiz: { url: quiz.url, title: quiz.title } });
  });

  it('picks the most recently published quiz when two quizzes share a result slug', async () => {
    const { db } = database();
    const image = { url: '/media/svg/quiz/doublon.svg', alt: 'Illustration', width: 1200, height: 800 };
    const inserted = await db
      .insert(quizzes)
      .values([
        {
          url: 'quiz-ancien',
          title: 'Quiz ancien',
          description: 'Ancien',
          image,
          questions: [],
          publishedAt: new Date('2001-01-01T00:00:00Z'),
        },
        {
          url: 'quiz-recent',
          title: 'Quiz récent',
          description: 'Récent',
          image,
          questions: [],
          publishedAt: new Date('2030-01-01T00:00:00Z'),
        },
      ])
      .returning({ id: quizzes.id, url: quizzes.url });
    await db.insert(quizResults).values(
      inserted.map((quiz) => ({
        quizId: quiz.id,
        url: 'resultat-en-double',
        title: quiz.url,
        description: 'Doublon',
        image,
        position: 0,
      })),
    );
    const body = contract.GetQuizResultBySlugResponse.parse(await (await get('/api/quizz-result/resultat-en-double')).json());
    expect(body.result.quiz.url).toBe('quiz-recent');
  });

  it('an unknown result is a 404 with a French message', async () => {
    const response = await get('/api/quizz-result/resultat-inconnu');
    expect(response.status).toBe(404);
    expect(contract.ErrorResponse.parse(await response.json()).message).toBe('Ce résultat de quiz est introuvable.');
  });

  it.each([
    'UPPER',
    '%00',
    encodeURIComponent('../../etc/passwd'),
    encodeURIComponent("x' OR 1=1 --"),
    encodeURIComponent('<script>alert(1)</script>'),
    '%F0%9F%92%A9',
    'a'.repeat(201),
    '-debut',
    'fin-',
  ])('a hostile slug %s is a 400, never a 5xx', async (slug) => {
    const response = await get(`/api/quizz-result/${slug}`);
    expect(response.status).toBe(400);
    expect(contract.ErrorResponse.parse(await response.json()).message.length).toBeGreaterThan(5);
  });

  it('more segments, or none, are no such address (404)', async () => {
    expect((await get('/api/quizz-result/a/b')).status).toBe(404);
    expect((await get('/api/quizz-result/')).status).toBe(404);
  });
});
