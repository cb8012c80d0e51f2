/**
 * The quiz flow (SPEC §2 quiz screen, issue 9): intro → question i → result. Picking an answer moves
 * on; back returns to the previous question and keeps the earlier answers; restart forgets every
 * answer and shows the first question again (the reader asked to play again, not to read the intro
 * twice: docs/decisions/007-quizzes-and-repartee.md). A reload resumes the saved progress (the
 * `quiz.resume` event from the intro). The page provides the side effects: saving/forgetting
 * progress and showing the result.
 */
import { and, assign, setup } from 'xstate';
import { fitsQuiz, type PlayableQuiz, type QuizProgress } from './quizProgress.ts';
import { computeQuizResult, quizResultErrors } from './quizResult.ts';

export interface QuizContext extends QuizProgress {
  quiz: PlayableQuiz;
  resultUrl: string | null;
  error: string | null;
}

export type QuizEvent =
  | { type: 'quiz.start' }
  | { type: 'quiz.answer'; answerId: number }
  | { type: 'quiz.back' }
  | { type: 'quiz.restart' }
  | ({ type: 'quiz.resume' } & QuizProgress);

const saveProgress = {
  type: 'saveProgress',
  params: ({ context }: { context: QuizContext }) => ({ index: context.index, answers: context.answers }),
} as const;

/** Restart: every answer forgotten, the first question again (or the clear error of an empty quiz). */
const restart = [
  { guard: 'hasQuestions', target: '#quiz.question', actions: ['clearAnswers', 'forgetProgress'] },
  { target: '#quiz.failure', reenter: true, actions: 'storeNoQuestionError' },
] as const;

export const quizMachine = setup({
  types: {
    context: {} as QuizContext,
    events: {} as QuizEvent,
    input: {} as { quiz: PlayableQuiz },
  },
  guards: {
    hasQuestions: ({ context }) => context.quiz.questions.length > 0,
    fitsQuiz: ({ context, event }) => event.type === 'quiz.resume' && fitsQuiz(context.quiz, event),
    isAnswerOfCurrentQuestion: ({ context, event }) =>
      event.type === 'quiz.answer' &&
      context.quiz.questions[context.index]?.answers.some((answer) => answer.id === event.answerId) === true,
    isLastQuestion: ({ context }) => context.index === context.quiz.questions.length - 1,
    hasPreviousQuestion: ({ context }) => context.index > 0,
    givesResult: ({ context }) => computeQuizResult(context.quiz, context.answers).ok,
  },
  actions: {
    clearAnswers: assign({ index: 0, answers: [], resultUrl: null, error: null }),
    restoreProgress: assign(({ event }) => (event.type === 'quiz.resume' ? { index: event.index, answers: [...event.answers] } : {})),
    recordAnswer: assign({
      answers: ({ context, event }) => {
        if (event.type !== 'quiz.answer') return context.answers;
        const answers = context.answers.slice();
        answers[context.index] = event.answerId;
        return answers;
      },
    }),
    nextQuestion: assign({ index: ({ context }) => context.index + 1 }),
    previousQuestion: assign({ index: ({ context }) => context.index - 1 }),
    storeResult: assign(({ context }) => {
      const outcome = computeQuizResult(context.quiz, context.answers);
      return outcome.ok ? { resultUrl: outcome.result.url, error: null } : { resultUrl: null, error: outcome.error };
    }),
    storeNoQuestionError: assign({ error: quizResultErrors.noQuestion }),
    // Provided by the page (session storage, navigation); no-ops here so tests can spy on them.
    saveProgress: (_, _progress: QuizProgress) => {},
    forgetProgress: () => {},
    showResult: (_, _params: { resultUrl: string }) => {},
  },
}).createMachine({
  id: 'quiz',
  initial: 'intro',
  context: ({ input }) => ({ quiz: input.quiz, index: 0, answers: [], resultUrl: null, error: null }),
  states: {
    intro: {
      on: {
        'quiz.start': [
          { guard: 'hasQuestions', target: 'question', actions: 'clearAnswers' },
          { target: 'failure', actions: 'storeNoQuestionError' },
        ],
        'quiz.resume': { guard: 'fitsQuiz', target: 'question', actions: 'restoreProgress' },
      },
    },
    question: {
      on: {
        'quiz.answer': [
          { guard: and(['isAnswerOfCurrentQuestion', 'isLastQuestion']), target: 'scoring', actions: 'recordAnswer' },
          { guard: 'isAnswerOfCurrentQuestion', actions: ['recordAnswer', 'nextQuestion', saveProgress] },
        ],
        'quiz.back': { guard: 'hasPreviousQuestion', actions: ['previousQuestion', saveProgress] },
        'quiz.restart': restart,
      },
    },
    /** Transient: the last answer is in; the rule decides between a result and a clear error. */
    scoring: {
      always: [
        { guard: 'givesResult', target: 'result', actions: 'storeResult' },
        { target: 'failure', actions: 'storeResult' },
      ],
    },
    result: {
      entry: ['forgetProgress', { type: 'showResult', params: ({ context }) => ({ resultUrl: context.resultUrl ?? '' }) }],
      on: { 'quiz.restart': restart },
    },
    failure: {
      entry: 'forgetProgress',
      on: { 'quiz.restart': restart },
    },
  },
});
