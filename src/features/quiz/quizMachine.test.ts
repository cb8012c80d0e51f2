import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { quizFixture, quizQuestion, quizResult } from '../../testing/quizFixture.ts';
import { type QuizEvent, quizMachine } from './quizMachine.ts';
import { fitsQuiz, type PlayableQuiz, type QuizProgress } from './quizProgress.ts';
import { computeQuizResult, quizResultErrors } from './quizResult.ts';

// Three questions; 'inconnu' is a result the quiz does not have (answers 13, 22 and 32 lead nowhere).
const quiz = quizFixture(
  [
    quizQuestion(10, [
      [11, 'boheme'],
      [12, 'chemise'],
      [13, 'inconnu'],
      [14, 'boheme'],
    ]),
    quizQuestion(20, [
      [21, 'chemise'],
      [22, 'inconnu'],
      [23, 'boheme'],
      [24, 'chemise'],
    ]),
    quizQuestion(30, [
      [31, 'chemise'],
      [32, 'inconnu'],
      [33, 'boheme'],
      [34, 'chemise'],
    ]),
  ],
  [quizResult(1, 'boheme'), quizResult(2, 'chemise')],
);
const emptyQuiz = quizFixture([], [quizResult(1, 'boheme')]);

const answer = (answerId: number): QuizEvent => ({ type: 'quiz.answer', answerId });
const resume = (index: number, answers: number[]): QuizEvent => ({ type: 'quiz.resume', index, answers });

/** Every event the page can send, valid or not in a given state. */
const events: QuizEvent[] = [
  { type: 'quiz.start' },
  answer(11),
  answer(13),
  answer(21),
  answer(22),
  answer(31),
  answer(32),
  answer(999),
  { type: 'quiz.back' },
  { type: 'quiz.restart' },
  resume(1, [11]),
  resume(2, [11, 21]),
  resume(2, [11]),
  resume(0, [21]),
  resume(0, []),
];

interface Observed {
  value: string;
  index: number;
  answers: number[];
  resultUrl: string | null;
  error: string | null;
}

interface Effects {
  saved: QuizProgress[];
  forgotten: number;
  shown: string[];
}

function start(target: PlayableQuiz) {
  const effects: Effects = { saved: [], forgotten: 0, shown: [] };
  const actor = createActor(
    quizMachine.provide({
      actions: {
        saveProgress: (_, progress: QuizProgress) => {
          effects.saved.push({ index: progress.index, answers: [...progress.answers] });
        },
        forgetProgress: () => {
          effects.forgotten++;
        },
        showResult: (_, { resultUrl }: { resultUrl: string }) => {
          effects.shown.push(resultUrl);
        },
      },
    }),
    { input: { quiz: target } },
  ).start();
  return { actor, effects };
}

function observe(snapshot: ReturnType<ReturnType<typeof start>['actor']['getSnapshot']>): Observed {
  const { index, answers, resultUrl, error } = snapshot.context;
  return { value: String(snapshot.value), index, answers, resultUrl, error };
}

/** What the flow should do, written independently of the machine (issue 9's rules). */
function reference(target: PlayableQuiz, before: Observed, event: QuizEvent): Observed {
  const firstQuestion: Observed = target.questions.length
    ? { value: 'question', index: 0, answers: [], resultUrl: null, error: null }
    : { ...before, value: 'failure', error: quizResultErrors.noQuestion };
  switch (before.value) {
    case 'intro':
      if (event.type === 'quiz.start') return firstQuestion;
      if (event.type === 'quiz.resume' && fitsQuiz(target, event)) {
        return { ...before, value: 'question', index: event.index, answers: event.answers };
      }
      return before;
    case 'question': {
      if (event.type === 'quiz.restart') return firstQuestion;
      if (event.type === 'quiz.back') return before.index > 0 ? { ...before, index: before.index - 1 } : before;
      if (event.type !== 'quiz.answer') return before;
      const question = target.questions[before.index];
      if (!question?.answers.some((a) => a.id === event.answerId)) return before;
      const answers = [...before.answers];
      answers[before.index] = event.answerId;
      if (before.index < target.questions.length - 1) return { ...before, index: before.index + 1, answers };
      const outcome = computeQuizResult(target, answers);
      return outcome.ok
        ? { ...before, value: 'result', answers, resultUrl: outcome.result.url, error: null }
        : { ...before, value: 'failure', answers, resultUrl: null, error: outcome.error };
    }
    default:
      return event.type === 'quiz.restart' ? firstQuestion : before;
  }
}

const serializeState = (state: { value: unknown; context: QuizContextView }) =>
  JSON.stringify([state.value, state.context.index, state.context.answers, state.context.resultUrl, state.context.error]);
type QuizContextView = { index: number; answers: number[]; resultUrl: string | null; error: string | null };

describe.each([
  ['a quiz of three questions', quiz as PlayableQuiz],
  ['a quiz without questions', emptyQuiz as PlayableQuiz],
])('quizMachine on %s (xstate/graph)', (_name, target) => {
  const paths = getShortestPaths(quizMachine, {
    input: { quiz: target },
    events,
    serializeState,
    serializeEvent: (event) => JSON.stringify(event),
  });

  it('reaches every state', () => {
    const values = new Set(paths.map((path) => String(path.state.value)));
    const expected = target.questions.length ? ['intro', 'question', 'result', 'failure'] : ['intro', 'failure'];
    expect([...values].sort()).toEqual(expected.sort());
    if (target.questions.length) {
      // Every question is shown, both results and the error of answers leading nowhere are reached.
      const indexes = new Set(paths.filter((p) => p.state.value === 'question').map((p) => p.state.context.index));
      expect([...indexes].sort()).toEqual([0, 1, 2]);
      const results = new Set(paths.map((p) => p.state.context.resultUrl).filter(Boolean));
      expect([...results].sort()).toEqual(['boheme', 'chemise']);
      expect(paths.some((p) => p.state.context.error === quizResultErrors.noMatchingResult)).toBe(true);
    }
  });

  const cases = paths.flatMap((path) =>
    events.map((event) => ({
      name: `${path.steps.map((s) => s.event.type.replace('quiz.', '')).join('→') || '(start)'} ⇒ ${JSON.stringify(event)}`,
      path,
      event,
    })),
  );

  it.each(cases)('every event in every state: $name', ({ path, event }) => {
    const { actor, effects } = start(target);
    for (const step of path.steps) actor.send(step.event as QuizEvent);
    const before = observe(actor.getSnapshot());
    expect(before.value).toBe(String(path.state.value));
    const savedBefore = effects.saved.length;
    const forgottenBefore = effects.forgotten;
    const shownBefore = effects.shown.length;

    actor.send(event);
    const after = observe(actor.getSnapshot());
    expect(after).toEqual(reference(target, before, event));

    // Side effects: progress saved after each move inside the quiz, forgotten on restart and at the end.
    const restarted = event.type === 'quiz.restart' && before.value !== 'intro';
    const moved = !restarted && before.value === 'question' && after.value === 'question' && after.index !== before.index;
    expect(effects.saved.length - savedBefore).toBe(moved ? 1 : 0);
    if (moved) expect(effects.saved.at(-1)).toEqual({ index: after.index, answers: after.answers });
    const ended = before.value !== after.value && (after.value === 'result' || after.value === 'failure');
    expect(effects.forgotten - forgottenBefore > 0).toBe(restarted || ended);
    expect(effects.shown.slice(shownBefore)).toEqual(after.value === 'result' && before.value !== 'result' ? [after.resultUrl] : []);
    actor.stop();
  });
});

describe('quizMachine flows', () => {
  it('back keeps the earlier answers; answering again replaces only that answer', () => {
    const { actor, effects } = start(quiz);
    actor.send({ type: 'quiz.start' });
    actor.send(answer(11));
    actor.send(answer(21));
    actor.send({ type: 'quiz.back' });
    expect(observe(actor.getSnapshot())).toMatchObject({ value: 'question', index: 1, answers: [11, 21] });
    actor.send({ type: 'quiz.back' });
    actor.send({ type: 'quiz.back' });
    expect(actor.getSnapshot().context.index).toBe(0);
    actor.send(answer(13));
    expect(observe(actor.getSnapshot())).toMatchObject({ index: 1, answers: [13, 21] });
    actor.send(answer(21));
    actor.send(answer(31));
    expect(observe(actor.getSnapshot())).toMatchObject({ value: 'result', resultUrl: 'chemise' });
    expect(effects.shown).toEqual(['chemise']);
  });

  it('resumes saved progress only when it fits the quiz', () => {
    expect(fitsQuiz(quiz, { index: 2, answers: [14, 24] })).toBe(true);
    expect(fitsQuiz(quiz, { index: 0, answers: [14, 24] })).toBe(true);
    expect(fitsQuiz(quiz, { index: 3, answers: [14, 24, 34] })).toBe(false);
    expect(fitsQuiz(quiz, { index: 1.5, answers: [14] })).toBe(false);
    expect(fitsQuiz(quiz, { index: 0, answers: [14, 24, 34, 11] })).toBe(false);
    expect(fitsQuiz(emptyQuiz, { index: 0, answers: [] })).toBe(false);
    const { actor } = start(quiz);
    actor.send(resume(2, [14, 24]));
    expect(observe(actor.getSnapshot())).toMatchObject({ value: 'question', index: 2, answers: [14, 24] });
  });
});
