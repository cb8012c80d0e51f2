/**
 * Quizzes in the newsroom (issue 19), on PGlite and PostgreSQL (TEST_DATABASE_URL): written through the
 * shared editorial workflow (drafts, versions and 409, publish / schedule / unpublish, revisions and
 * restore, signed preview), refused in French when they cannot be played (naming the question or the
 * result) or carry hostile input, and published into the very tables the public quiz pages read
 * (`quizzes`, `quiz_results`): the reader API answers the newsroom's quiz as it answers the seed's.
 * Every answer is parsed with the contract's schemas. Who may call what is in adminAuthorization.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import type { AdminQuiz, QuizDraftInput } from '../../api/types.ts';
import { auditLog, newsroomQuizzes, quizResults, quizzes, redirects } from '../../db/schema.ts';
import { ORIGIN, useNewsroomApi } from '../../testing/newsroomApi.ts';
import { type LibraryImage, quizDraftBody, uploadLibraryImage } from '../../testing/quizDraftFixture.ts';
import { quizDeclaration } from '../../formats/quizFormat.ts';
import { formatCalls } from '../../testing/formatApi.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { loadNewsroomSecret, previewToken } from './previewTokens.ts';
import { publishDueQuizzes } from './quizzes/quizWorkflow.ts';
import { inUseMessage } from '../../testing/mediaInUse.ts';

const mediaDir = mkdtempSync(join(tmpdir(), 'piquante-quiz-media-'));
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));

describe.each(testDatabaseKinds)('quizzes in the newsroom on %s', (kind) => {
  const api = useNewsroomApi(kind, { MEDIA_DIR: mediaDir });
  const { request, signed } = api;
  const { errorOf, create, save, status } = formatCalls(api, quizDeclaration);
  let image: LibraryImage;
  let unique = 0;
  const title = (base: string) => `${base} ${++unique}`;

  beforeAll(async () => {
    image = await uploadLibraryImage(api, signed('editor'));
  });

  /** The quiz as readers get it, or the status when they do not. */
  async function readerQuiz(slug: string) {
    const response = await request('GET', `/api/quizz/${slug}`);
    if (response.status !== 200) return response.status;
    return contract.GetQuizResponse.parse(await response.json());
  }

  const rowCount = async () => (await api.database().db.select({ n: count() }).from(newsroomQuizzes))[0]?.n ?? 0;

  /** The admin quiz as a body to send back (what the editor's form holds). */
  const bodyOf = (quiz: AdminQuiz): QuizDraftInput => ({
    title: quiz.title,
    slug: quiz.slug,
    intro: quiz.intro,
    image: quiz.image,
    questions: quiz.questions,
    results: quiz.results,
  });

  describe('the seeded quizzes', () => {
    it('are listed as published quizzes with their questions, audio and results, from the same tables readers read', async () => {
      const response = await request('GET', '/api/admin/quizzes?status=published&limit=100', { as: signed('editor') });
      expect(response.status).toBe(200);
      const list = contract.ListAdminQuizzesResponse.parse(await response.json());
      const seeded = (await api.database().db.select({ n: count() }).from(quizzes))[0]?.n ?? 0;
      expect(list.total).toBe(seeded);
      expect(list.results.every((q) => q.status === 'published' && q.version === 1 && q.questionCount > 0)).toBe(true);
      const first = list.results[0] as (typeof list.results)[number];
      const detail = contract.GetAdminQuizResponse.parse(
        await (await request('GET', `/api/admin/quizzes/${first.id}`, { as: signed('editor') })).json(),
      );
      const reader = await readerQuiz(detail.slug);
      if (typeof reader === 'number') throw new Error(`reader ${reader}`);
      expect(reader.id).toBe(detail.id);
      expect(reader.results.map((r) => r.url)).toEqual(detail.results.map((r) => r.slug));
      expect(reader.questions.map((q) => q.answers.map((a) => a.resultUrl))).toEqual(
        detail.questions.map((q) => q.answers.map((a) => a.resultSlug)),
      );
    });

    it('can be edited as they are (their illustrations and audio stay), and readers get the change', async () => {
      const list = contract.ListAdminQuizzesResponse.parse(
        await (await request('GET', '/api/admin/quizzes?status=published&limit=100', { as: signed('editor') })).json(),
      );
      let withAudio: AdminQuiz | undefined;
      for (const summary of list.results) {
        const quiz = contract.GetAdminQuizResponse.parse(
          await (await request('GET', `/api/admin/quizzes/${summary.id}`, { as: signed('editor') })).json(),
        );
        if (quiz.questions.some((q) => q.audio)) {
          withAudio = quiz;
          break;
        }
      }
      if (!withAudio) throw new Error('the seed has a quiz with audio');
      const saved = await save(withAudio.id, { ...bodyOf(withAudio), title: `${withAudio.title} (revu)`, version: withAudio.version });
      expect(saved.questions.map((q) => q.audio)).toEqual(withAudio.questions.map((q) => q.audio));
      const reader = await readerQuiz(withAudio.slug);
      expect(reader).toMatchObject({ title: `${withAudio.title} (revu)` });
      // A sound that is neither in the library nor already on this quiz is refused.
      const foreign = structuredClone(bodyOf(saved));
      (foreign.questions[0] as { audio?: unknown }).audio = { url: '/media/autre.wav', mimeType: 'audio/wav', durationSeconds: 3 };
      const refused = await request('PUT', `/api/admin/quizzes/${saved.id}`, {
        as: signed('editor'),
        body: { ...foreign, version: saved.version },
      });
      expect(await errorOf(refused, 400)).toMatch(/Question 1 : le son doit venir de la médiathèque/);
    });
  });

  describe('from a draft to the readers and back', () => {
    it('a picture quiz of 6 answers and 3 results: a draft readers do not see, then published where the public pages read', async () => {
      const changesBefore = api.changes();
      const draft = await create(quizDraftBody(title('Quel piment êtes-vous'), image));
      expect(draft).toMatchObject({ status: 'draft', version: 1, publishedAt: null });
      expect(draft.slug).toMatch(/^quel-piment-etes-vous-\d+$/);
      expect(draft.url).toBe(`/quizz/${draft.slug}`);
      expect(draft.questions[0]?.answers).toHaveLength(6);
      expect(draft.questions[0]?.answers[0]?.image?.url).toBe(image.url);
      expect(await readerQuiz(draft.slug)).toBe(404);

      const published = await status(draft.id, draft.version, 'publish');
      expect(published).toMatchObject({ status: 'published', version: 2 });
      expect(api.changes()).toBeGreaterThan(changesBefore);
      const reader = await readerQuiz(draft.slug);
      if (typeof reader === 'number') throw new Error(`reader ${reader}`);
      expect(reader).toMatchObject({ id: draft.id, title: draft.title, description: draft.intro, questionCount: 3 });
      expect(reader.questions[0]).toMatchObject({ id: 1, answerKind: 'picture', audio: null });
      expect(reader.questions.flatMap((q) => q.answers.map((a) => a.id))).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
      expect(reader.results.map((r) => r.url)).toEqual(['solaire', 'lunaire', 'orageuse']);
      // Every second answer counts for "lunaire", whose result page answers on its own address.
      expect(reader.questions.map((q) => q.answers[1]?.resultUrl)).toEqual(['lunaire', 'lunaire', 'lunaire']);
      const result = await request('GET', `/api/quizz/${draft.slug}/lunaire`);
      expect(result.status).toBe(200);
      expect(contract.GetQuizResultResponse.parse(await result.json()).result).toMatchObject({
        title: 'Vous êtes lunaire',
        quiz: { url: draft.slug },
      });
      const listed = contract.ListQuizzesResponse.parse(await (await request('GET', '/api/quizz?limit=100')).json());
      expect(listed.results.some((q) => q.url === draft.slug)).toBe(true);

      const gone = await status(draft.id, published.version, 'unpublish');
      expect(gone.status).toBe('unpublished');
      expect(await readerQuiz(draft.slug)).toBe(404);
      expect((await request('GET', `/api/quizz/${draft.slug}/lunaire`)).status).toBe(404);
      const orphans = await api.database().db.select({ n: count() }).from(quizResults).where(eq(quizResults.quizId, draft.id));
      expect(orphans[0]?.n).toBe(0);
    });

    it('a save of a published quiz reaches readers at once; a result removed leaves with its page', async () => {
      const draft = await create(quizDraftBody(title('Quel thé'), image, { kind: 'text', answers: 4 }));
      const published = await status(draft.id, draft.version, 'publish');
      const body = bodyOf(published);
      // Two results left: every answer of the third now counts for the first.
      body.results = body.results.slice(0, 2);
      for (const q of body.questions) for (const a of q.answers) if (a.resultSlug === 'orageuse') a.resultSlug = 'solaire';
      const changes = api.changes();
      const saved = await save(published.id, { ...body, intro: 'Une intro revue.', version: published.version });
      expect(api.changes()).toBe(changes + 1);
      expect(await readerQuiz(saved.slug)).toMatchObject({
        description: 'Une intro revue.',
        results: [{ url: 'solaire' }, { url: 'lunaire' }],
      });
      expect((await request('GET', `/api/quizz/${saved.slug}/orageuse`)).status).toBe(404);
      expect((await request('GET', `/api/quizz/${saved.slug}/solaire`)).status).toBe(200);
    });

    it('a published quiz moved to a new address: the old one redirects to it, and taking it back drops the redirect', async () => {
      const draft = await create(quizDraftBody(title('Déménage'), image));
      const published = await status(draft.id, draft.version, 'publish');
      const moved = await save(draft.id, { ...bodyOf(published), slug: `${draft.slug}-bis`, version: published.version });
      expect(await readerQuiz(draft.slug)).toBe(404);
      expect(await readerQuiz(moved.slug)).toMatchObject({ id: draft.id });
      const redirectOf = async (from: string) =>
        (await api.database().db.select({ to: redirects.toPath }).from(redirects).where(eq(redirects.fromPath, from)))[0]?.to ?? null;
      expect(await redirectOf(`/quizz/${draft.slug}`)).toBe(`/quizz/${moved.slug}`);
      await save(draft.id, { ...bodyOf(moved), slug: draft.slug, version: moved.version });
      expect(await redirectOf(`/quizz/${draft.slug}`)).toBeNull();
      expect(await redirectOf(`/quizz/${moved.slug}`)).toBe(`/quizz/${draft.slug}`);
      expect(await readerQuiz(draft.slug)).toMatchObject({ id: draft.id });
    });

    it('schedules a quiz: published by the scheduler at its time, not before', async () => {
      const draft = await create(quizDraftBody(title('Programmé'), image));
      const at = new Date(api.clock.now().getTime() + 3_600_000);
      const scheduled = await status(draft.id, draft.version, 'schedule', { scheduledAt: at.toISOString() });
      expect(scheduled.status).toBe('scheduled');
      expect(await publishDueQuizzes(api.database().db, new Date(at.getTime() - 1000))).toEqual([]);
      expect(await readerQuiz(draft.slug)).toBe(404);
      expect(await publishDueQuizzes(api.database().db, new Date(at.getTime() + 1000))).toEqual([draft.id]);
      expect(await readerQuiz(draft.slug)).toMatchObject({ id: draft.id, publishedAt: at.toISOString() });
    });
  });

  describe('a quiz that cannot be played is refused, naming the question or the result', () => {
    const cases: [string, (body: QuizDraftInput) => void, RegExp, string][] = [
      [
        'a question without answers',
        (b) => {
          (b.questions[2] as QuizDraftInput['questions'][number]).answers = [];
        },
        /^Question 3 : aucune réponse\.$/,
        'questions.2.answers',
      ],
      [
        '5 answers',
        (b) => void b.questions[1]?.answers.pop(),
        /^Question 2 : 5 réponses ; une liste de réponses en compte 4 ou 6\.$/,
        'questions.1.answers',
      ],
      [
        'an answer scoring no result',
        (b) => {
          (b.questions[0]?.answers[3] as { resultSlug: string | null }).resultSlug = null;
        },
        /^Question 1, réponse 4 : elle ne compte pour aucun résultat\.$/,
        'questions.0.answers.3.resultSlug',
      ],
      [
        'an answer naming an unknown result',
        (b) => {
          (b.questions[0]?.answers[0] as { resultSlug: string }).resultSlug = 'inconnu';
        },
        /Question 1, réponse 1 : le résultat « inconnu » n'existe pas/,
        'questions.0.answers.0.resultSlug',
      ],
      [
        'an orphan result',
        (b) =>
          void b.results.push({
            slug: 'orpheline',
            title: 'Personne',
            description: 'd',
            image: { ...(b.results[0]?.image as QuizDraftInput['image']) },
          }),
        /^Résultat « orpheline » : aucune réponse n'y mène\.$/,
        'results.3',
      ],
      [
        'a result that can never win',
        (b) => {
          // "orageuse" only on one answer of one question, every other answer for "solaire" listed first.
          for (const q of b.questions) for (const a of q.answers) a.resultSlug = 'solaire';
          (b.questions[0]?.answers[0] as { resultSlug: string }).resultSlug = 'lunaire';
          (b.questions[1]?.answers[0] as { resultSlug: string }).resultSlug = 'lunaire';
          (b.questions[2]?.answers[0] as { resultSlug: string }).resultSlug = 'orageuse';
        },
        /^Résultat « orageuse » : aucune combinaison de réponses ne le fait gagner/,
        'results.2',
      ],
      [
        'no question',
        (b) => {
          b.questions = [];
        },
        /^Le quiz n'a aucune question\.$/,
        'questions',
      ],
      [
        'no result',
        (b) => {
          b.results = [];
        },
        /^Le quiz n'a aucun résultat\.$/,
        'results',
      ],
      [
        'two results at one address',
        (b) => {
          (b.results[1] as { slug: string }).slug = 'solaire';
        },
        /Résultat 2 : l'adresse « solaire » est déjà/,
        'results.1.slug',
      ],
      [
        'an empty question',
        (b) => {
          (b.questions[1] as { text: string }).text = '  ';
        },
        /^Question 2 : le texte de la question est vide\.$/,
        'questions.1.text',
      ],
      [
        'a picture answer without a picture',
        (b) => {
          (b.questions[2]?.answers[5] as { image: unknown }).image = null;
        },
        /^Question 3, réponse 6 : une réponse en images a besoin d'une image\.$/,
        'questions.2.answers.5.image',
      ],
    ];
    it.each(cases)('%s', async (_, spoil, message, field) => {
      const before = await rowCount();
      const body = structuredClone(quizDraftBody(title('Injouable'), image));
      spoil(body);
      const response = await request('POST', '/api/admin/quizzes', { as: signed('editor'), body });
      expect(response.status, await response.clone().text()).toBe(400);
      const error = contract.ErrorResponse.parse(await response.json());
      expect(error.message).toMatch(message);
      expect(Object.keys(error.fields ?? {})).toEqual([field]);
      expect(await rowCount()).toBe(before);
    });

    it('refuses the same on a save, and the published copy stays as it was', async () => {
      const draft = await create(quizDraftBody(title('Resté jouable'), image));
      const published = await status(draft.id, draft.version, 'publish');
      const body = bodyOf(published);
      (body.questions[1] as { answers: unknown[] }).answers = [];
      const response = await request('PUT', `/api/admin/quizzes/${draft.id}`, {
        as: signed('editor'),
        body: { ...body, version: published.version },
      });
      expect(await errorOf(response, 400)).toBe('Question 2 : aucune réponse.');
      expect(await readerQuiz(draft.slug)).toMatchObject({ questions: [{}, { answers: expect.arrayContaining([expect.anything()]) }, {}] });
      const row = await api.database().db.select().from(newsroomQuizzes).where(eq(newsroomQuizzes.id, draft.id));
      expect(row[0]?.version).toBe(published.version);
    });
  });

  describe('hostile input', () => {
    const spoiled: [string, (body: Record<string, unknown> & QuizDraftInput) => void, RegExp][] = [
      [
        'HTML in the title',
        (b) => {
          b.title = '<img src=x onerror=alert(1)>';
        },
        /Le titre ne peut pas contenir de HTML/,
      ],
      [
        'HTML in an answer',
        (b) => {
          (b.questions[1]?.answers[2] as { text: string }).text = 'Oui <script>alert(1)</script>';
        },
        /Question 2, réponse 3 : le texte ne peut pas contenir de HTML/,
      ],
      [
        'an HTML entity in a result',
        (b) => {
          (b.results[0] as { description: string }).description = 'Salut &#60;script&#62;';
        },
        /Résultat 1 : la description ne peut pas contenir de HTML/,
      ],
      [
        'HTML in an alt text',
        (b) => {
          (b.image as { alt: string }).alt = '<b>gras</b>';
        },
        /texte alternatif de l'image ne peut pas contenir de HTML/,
      ],
      [
        'a control character',
        (b) => {
          b.intro = 'Texte\u202eà l’envers';
        },
        /caractère de contrôle/,
      ],
      [
        'a javascript: image',
        (b) => {
          (b.image as { url: string }).url = 'javascript:alert(1)';
        },
        /image\.url/,
      ],
      [
        'a protocol-relative image',
        (b) => {
          (b.results[1]?.image as { url: string }).url = '//evil.example/x.png';
        },
        /results\.1\.image\.url/,
      ],
      [
        'an image outside the library',
        (b) => {
          (b.questions[0]?.answers[0]?.image as { url: string }).url = '/media/svg/quiz/autre.svg';
        },
        /Question 1, réponse 1 : l'image doit venir de la médiathèque/,
      ],
      [
        'a library-looking address of no image',
        (b) => {
          (b.image as { url: string }).url = `/media/library/${'0'.repeat(64)}-800.webp`;
        },
        /L'image du quiz doit venir de la médiathèque/,
      ],
      [
        'a slug with a slash',
        (b) => {
          b.slug = '../admin';
        },
        /slug/,
      ],
      [
        'a title too long',
        (b) => {
          b.title = 'x'.repeat(201);
        },
        /title/,
      ],
      [
        'too many questions',
        (b) => {
          b.questions = Array.from({ length: 51 }, () => b.questions[0] as QuizDraftInput['questions'][number]);
        },
        /questions/,
      ],
      [
        'a question as a string',
        (b) => {
          (b as Record<string, unknown>).questions = 'trois questions';
        },
        /questions/,
      ],
      [
        'an unknown field',
        (b) => {
          (b as Record<string, unknown>).html = '<p>x</p>';
        },
        /html/,
      ],
      [
        'a wrong answer kind',
        (b) => {
          (b.questions[0] as { answerKind: string }).answerKind = 'video';
        },
        /answerKind/,
      ],
    ];
    it.each(spoiled)('%s is refused in French, nothing written', async (_, spoil, message) => {
      const before = await rowCount();
      const body = structuredClone(quizDraftBody(title('Hostile'), image)) as Record<string, unknown> & QuizDraftInput;
      spoil(body);
      const response = await request('POST', '/api/admin/quizzes', { as: signed('editor'), body });
      expect(response.status, await response.clone().text()).toBe(400);
      const error = contract.ErrorResponse.parse(await response.json());
      // The message, or the field it names for a shape the contract refuses.
      expect(`${error.message} ${Object.keys(error.fields ?? {}).join(' ')}`).toMatch(message);
      expect(await rowCount()).toBe(before);
    });

    it('refuses a body too large (413) and a wrong content type (415)', async () => {
      const huge = JSON.stringify({ ...quizDraftBody('Énorme', image), intro: 'x'.repeat(3_000_000) });
      await errorOf(await request('POST', '/api/admin/quizzes', { as: signed('editor'), body: huge }), 413);
      await errorOf(
        await request('POST', '/api/admin/quizzes', {
          as: signed('editor'),
          body: 'title=x',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
        415,
      );
    });
  });

  describe('who may write', () => {
    it('401 without a session, 403 without the CSRF token or from another site', async () => {
      const body = quizDraftBody(title('Sans session'), image);
      await errorOf(await request('POST', '/api/admin/quizzes', { body }), 401);
      await errorOf(await request('GET', '/api/admin/quizzes'), 401);
      const noToken = await request('POST', '/api/admin/quizzes', { as: signed('editor'), body, headers: { 'x-csrf-token': '' } });
      expect(await errorOf(noToken, 403)).toMatch(/jeton/i);
      const foreign = await request('POST', '/api/admin/quizzes', {
        as: signed('editor'),
        body,
        headers: { origin: 'https://evil.example' },
      });
      await errorOf(foreign, 403);
      const same = await request('POST', '/api/admin/quizzes', { as: signed('editor'), body, headers: { origin: ORIGIN } });
      expect(same.status).toBe(201);
    });

    it('a contributor writes a draft but cannot publish it; an author publishes their own; nobody reads a colleague’s draft', async () => {
      const mine = await create(quizDraftBody(title('Du contributeur'), image), signed('contributor'));
      const publish = await request('POST', `/api/admin/quizzes/${mine.id}/status`, {
        as: signed('contributor'),
        body: { action: 'publish', version: mine.version },
      });
      expect(await errorOf(publish, 403)).toMatch(/contributeur/);
      expect((await request('GET', `/api/admin/quizzes/${mine.id}`, { as: signed('author') })).status).toBe(403);
      const listed = contract.ListAdminQuizzesResponse.parse(
        await (await request('GET', '/api/admin/quizzes?limit=100', { as: signed('author') })).json(),
      );
      expect(listed.results.some((q) => q.id === mine.id)).toBe(false);
      const authors = await create(quizDraftBody(title('De l’auteur'), image), signed('author'));
      await status(authors.id, authors.version, 'publish', {}, signed('author'));
    });
  });

  describe('the media library', () => {
    it('keeps an image a quiz shows (even as a picture answer of a draft): deleting it is refused, naming the quiz', async () => {
      const own = await uploadLibraryImage(api, signed('editor'), 90);
      const body = quizDraftBody(title('Image partagée'), image);
      (body.questions[2]?.answers[4] as { image: unknown }).image = { ...own, alt: 'Une image à garder' };
      const draft = await create(body);
      const listed = contract.ListMediaResponse.parse(
        await (await request('GET', '/api/admin/media?limit=100', { as: signed('editor') })).json(),
      );
      const item = listed.results.find((m) => m.url === own.url);
      if (!item) throw new Error('uploaded image not listed');
      const refused = await request('DELETE', `/api/admin/media/${item.id}`, { as: signed('editor') });
      expect(await inUseMessage(refused)).toBe(
        `Cette image est utilisée par le quiz « ${draft.title} ». Choisissez-lui une autre image avant de la supprimer.`,
      );
    });
  });

  describe('versions, revisions, preview', () => {
    it('refuses an outdated version with 409 naming who saved, and overwrites nothing', async () => {
      const draft = await create(quizDraftBody(title('Concurrence'), image));
      await save(draft.id, { ...bodyOf(draft), title: 'Premier arrivé', version: draft.version }, signed('admin'));
      const stale = await request('PUT', `/api/admin/quizzes/${draft.id}`, {
        as: signed('editor'),
        body: { ...bodyOf(draft), title: 'Second arrivé', version: draft.version },
      });
      expect(stale.status).toBe(409);
      const conflict = contract.VersionConflict.parse(await stale.json());
      expect(conflict).toMatchObject({ changedBy: 'Compte admin', currentVersion: 2 });
      expect(conflict.message).toMatch(/a modifié ce quiz/);
      const staleStatus = await request('POST', `/api/admin/quizzes/${draft.id}/status`, {
        as: signed('editor'),
        body: { action: 'publish', version: draft.version },
      });
      expect(staleStatus.status).toBe(409);
      const current = contract.GetAdminQuizResponse.parse(
        await (await request('GET', `/api/admin/quizzes/${draft.id}`, { as: signed('editor') })).json(),
      );
      expect(current).toMatchObject({ title: 'Premier arrivé', status: 'draft', version: 2 });
    });

    it('lists revisions with readable changes, and restores one as a new version (published copy included)', async () => {
      const draft = await create(quizDraftBody(title('Révisé'), image));
      const published = await status(draft.id, draft.version, 'publish');
      const body = bodyOf(published);
      (body.questions[0] as { text: string }).text = 'Une question reformulée ?';
      const saved = await save(draft.id, { ...body, version: published.version });
      const revisions = contract.ListQuizRevisionsResponse.parse(
        await (await request('GET', `/api/admin/quizzes/${draft.id}/revisions`, { as: signed('editor') })).json(),
      );
      expect(revisions.results).toHaveLength(2);
      const newest = revisions.results[0];
      expect(newest?.changes).toEqual([
        expect.objectContaining({ field: 'Question 1', after: expect.stringMatching(/^Une question reformulée \?/) }),
      ]);
      const first = revisions.results[1];
      const restore = await request('POST', `/api/admin/quizzes/${draft.id}/revisions/${first?.id}/restore`, {
        as: signed('editor'),
        body: { version: saved.version },
      });
      expect(restore.status, await restore.clone().text()).toBe(200);
      const restored = contract.RestoreQuizRevisionResponse.parse(await restore.json());
      expect(restored.questions[0]?.text).toBe('Question numéro 1 ?');
      expect(await readerQuiz(draft.slug)).toMatchObject({ questions: [{ text: 'Question numéro 1 ?' }, {}, {}] });
      const audited = await api.database().db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, draft.id));
      expect(audited.map((a) => a.action)).toEqual(expect.arrayContaining(['quiz.create', 'quiz.publish', 'quiz.update', 'quiz.restore']));
    });

    it('a signed preview link shows the draft as the public page would; an article’s token or a forged one opens nothing', async () => {
      const draft = await create(quizDraftBody(title('En aperçu'), image));
      const link = await request('POST', `/api/admin/quizzes/${draft.id}/preview-link`, { as: signed('editor') });
      expect(link.status).toBe(200);
      const { url } = contract.CreateQuizPreviewLinkResponse.parse(await link.json());
      expect(url).toMatch(/^\/apercu-quizz\/\d+\.\d+\.[A-Za-z0-9_-]{43}$/);
      const token = url.split('/').pop() as string;
      const preview = await request('GET', `/api/preview/quiz/${token}`);
      expect(preview.status).toBe(200);
      expect(contract.GetQuizPreviewResponse.parse(await preview.json())).toMatchObject({
        id: draft.id,
        url: draft.slug,
        questionCount: 3,
      });
      const secret = await loadNewsroomSecret(api.database().db, undefined);
      const articleToken = previewToken(secret, draft.id, new Date(api.clock.now().getTime() + 60_000));
      await errorOf(await request('GET', `/api/preview/quiz/${articleToken}`), 404);
      await errorOf(await request('GET', `/api/preview/quiz/${token.slice(0, -2)}xx`), 404);
      // The quiz's token does not open the article of the same id either.
      await errorOf(await request('GET', `/api/preview/${token}`), 404);
    });
  });
});
