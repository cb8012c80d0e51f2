/**
 * Content made in the newsroom plays (issue 19): a quiz written and published through /api/admin/quizzes is
 * read back from the readers' API and explored with xstate/graph on `quizMachine`, as its model-based test
 * explores the fixtures: every question is shown, every result is reached (the server refuses a result no
 * combination of answers reaches), and the failure state of a quiz that cannot give a result never is.
 * On PGlite and PostgreSQL (TEST_DATABASE_URL).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import * as contract from '../api/generated/zod.ts';
import type { Quiz } from '../api/types.ts';
import { type QuizEvent, quizMachine } from '../features/quiz/quizMachine.ts';
import { useNewsroomApi } from './newsroomApi.ts';
import { quizDraftBody, uploadLibraryImage } from './quizDraftFixture.ts';
import { testDatabaseKinds } from './testDatabase.ts';

const mediaDir = mkdtempSync(join(tmpdir(), 'piquante-quiz-plays-'));
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));

describe.each(testDatabaseKinds)('quizMachine on a quiz made in the newsroom, on %s', (kind) => {
  const api = useNewsroomApi(kind, { MEDIA_DIR: mediaDir });

  async function publishedQuiz(kindOfAnswers: 'text' | 'picture', answers: number): Promise<Quiz> {
    const as = api.signed('editor');
    const image = await uploadLibraryImage(api, as);
    const body = quizDraftBody(`Joué ${kindOfAnswers} ${answers}`, image, { kind: kindOfAnswers, answers, questions: 3 });
    const created = contract.AdminQuiz.parse(await (await api.request('POST', '/api/admin/quizzes', { as, body })).json());
    const published = await api.request('POST', `/api/admin/quizzes/${created.id}/status`, { as, body: { action: 'publish', version: 1 } });
    expect(published.status).toBe(200);
    return contract.GetQuizResponse.parse(await (await api.request('GET', `/api/quizz/${created.slug}`)).json());
  }

  it.each([
    ['text', 4],
    ['picture', 6],
  ] as const)('a %s quiz of %i answers: every question, every result, never the failure state', async (answerKind, answers) => {
    const quiz = await publishedQuiz(answerKind, answers);
    const events: QuizEvent[] = [
      { type: 'quiz.start' },
      ...quiz.questions.flatMap((q) => q.answers.map((a): QuizEvent => ({ type: 'quiz.answer', answerId: a.id }))),
      { type: 'quiz.back' },
      { type: 'quiz.restart' },
    ];
    const paths = getShortestPaths(quizMachine, {
      input: { quiz },
      events,
      serializeState: (state) => JSON.stringify([state.value, state.context.index, state.context.answers, state.context.resultUrl]),
      serializeEvent: (event) => JSON.stringify(event),
    });
    const values = new Set(paths.map((p) => String(p.state.value)));
    expect([...values].sort()).toEqual(['intro', 'question', 'result']);
    const indexes = new Set(paths.filter((p) => p.state.value === 'question').map((p) => p.state.context.index));
    expect([...indexes].sort()).toEqual([0, 1, 2]);
    const reached = new Set(paths.map((p) => p.state.context.resultUrl).filter(Boolean));
    expect([...reached].sort()).toEqual(quiz.results.map((r) => r.url).sort());

    // Each result's shortest path, replayed on an actor: the page is told to show that result.
    for (const result of quiz.results) {
      const path = paths.find((p) => p.state.value === 'result' && p.state.context.resultUrl === result.url);
      const shown: string[] = [];
      const actor = createActor(
        quizMachine.provide({ actions: { showResult: (_, { resultUrl }: { resultUrl: string }) => void shown.push(resultUrl) } }),
        { input: { quiz } },
      ).start();
      for (const step of path?.steps ?? []) actor.send(step.event as QuizEvent);
      expect(shown).toEqual([result.url]);
    }
  });
});
