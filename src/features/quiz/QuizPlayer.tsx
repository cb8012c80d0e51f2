/**
 * The interactive quiz (loaded as its own chunk after hydration, on quiz pages only): the quiz machine,
 * its carousel, progress saved in session storage, and the way out to the result page.
 */
import { useMachine } from '@xstate/react';
import { inspectRelay } from '../../lib/machineInspection.ts';
import { countAudienceEvent } from '../../lib/audience.ts';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import type { Quiz } from '../../api/types.ts';
import { type QuizEvent, quizMachine } from './quizMachine.ts';
import { forgetProgress, saveProgress, sessionProgressStorage } from './quizProgressStore.ts';
import { QuizQuestionView } from './QuizQuestionView.tsx';

export function QuizPlayer({
  quiz,
  firstEvent,
  intro,
  onResult,
}: {
  quiz: Quiz;
  /** quiz.start, or quiz.resume with the saved progress; sent once per new value. */
  firstEvent: QuizEvent;
  /** Shown while the machine is in its intro (saved progress that did not fit). */
  intro: ReactNode;
  onResult: (resultUrl: string) => void;
}) {
  const onResultRef = useRef(onResult);
  onResultRef.current = onResult;
  const machine = useMemo(() => {
    const storage = sessionProgressStorage();
    return quizMachine.provide({
      actions: {
        saveProgress: (_, progress) => {
          if (storage) saveProgress(storage, quiz.url, progress);
        },
        forgetProgress: () => {
          if (storage) forgetProgress(storage, quiz.url);
        },
        showResult: (_, { resultUrl }) => {
          countAudienceEvent('quiz-complete', quiz.url);
          onResultRef.current(resultUrl);
        },
      },
    });
  }, [quiz.url]);
  const [state, send] = useMachine(machine, { input: { quiz }, inspect: inspectRelay });

  useEffect(() => {
    send(firstEvent);
  }, [firstEvent, send]);

  const { index, answers, error } = state.context;
  // The quiz's funnel (decision 028): its start, each question reached once, its end (showResult).
  const reached = useRef(new Set<number>());
  const inQuestion = state.matches('question');
  useEffect(() => {
    if (!inQuestion || reached.current.has(index)) return;
    if (reached.current.size === 0) countAudienceEvent('quiz-start', quiz.url);
    reached.current.add(index);
    countAudienceEvent('quiz-question', quiz.url, index + 1);
  }, [inQuestion, index, quiz.url]);
  const question = quiz.questions[index];
  const body =
    state.matches('question') && question ? (
      <QuizQuestionView
        key={question.id}
        question={question}
        number={index + 1}
        total={quiz.questions.length}
        picked={answers[index]}
        onAnswer={(answerId) => send({ type: 'quiz.answer', answerId })}
        onBack={() => send({ type: 'quiz.back' })}
        onRestart={() => send({ type: 'quiz.restart' })}
      />
    ) : state.matches('failure') ? (
      <div className="mt-8 rounded-2xl bg-white p-6 text-center shadow-sm" role="alert">
        <p className="text-lg">{error}</p>
        <Link to="/quizzes" className="button-primary mt-6 inline-block">
          Tous les quiz
        </Link>
      </div>
    ) : state.matches('result') ? (
      <p className="mt-8 text-center text-lg" role="status">
        Calcul de votre résultat…
      </p>
    ) : null;

  if (state.matches('intro')) return <>{intro}</>;
  return (
    <div className="quiz-player" data-state={String(state.value)}>
      <header className="text-center">
        <p className="kicker text-piment-dark">
          <Link to="/quizzes" className="hover:underline">
            Quiz
          </Link>
        </p>
        <h1 className="mt-2 font-display text-2xl font-black italic leading-tight text-balance md:text-3xl">{quiz.title}</h1>
      </header>
      {body}
    </div>
  );
}
