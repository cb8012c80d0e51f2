import { useEffect, useRef } from 'react';
import type { QuizQuestion } from '../../api/types.ts';
import { ContentImage } from '../../components/ContentImage.tsx';
import { answerGridClass } from './answerLayout.ts';
import { QuestionAudio } from './QuestionAudio.tsx';

/**
 * One step of the carousel: progress (n of N), the question, its sound, its answers (buttons), and the
 * go-back (not on the first question) and restart actions. Focus moves to the question's heading each
 * time a question is shown, so keyboard and screen-reader users land on it.
 */
export function QuizQuestionView({
  question,
  number,
  total,
  picked,
  onAnswer,
  onBack,
  onRestart,
}: {
  question: QuizQuestion;
  number: number;
  total: number;
  picked: number | undefined;
  onAnswer: (answerId: number) => void;
  onBack: () => void;
  onRestart: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <section className="quiz-step mt-8 rounded-2xl bg-white p-5 shadow-sm md:p-8" aria-labelledby="quiz-question-title">
      <div className="flex items-center justify-between gap-4 text-sm font-bold">
        <p className="quiz-progress-label">
          Question {number}/{total}
        </p>
      </div>
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-piment-light"
        role="progressbar"
        aria-label="Progression du quiz"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={number}
        aria-valuetext={`Question ${number} sur ${total}`}
      >
        <div className="h-full rounded-full bg-piment transition-[width] duration-300" style={{ width: `${(number / total) * 100}%` }} />
      </div>
      <h2 id="quiz-question-title" ref={heading} tabIndex={-1} className="mt-6 text-center font-display text-2xl font-bold md:text-3xl">
        {question.text}
      </h2>
      {question.audio ? <QuestionAudio audio={question.audio} /> : null}
      <ul
        className={`quiz-answers mt-6 ${answerGridClass(question.answerKind, question.answers.length)}`}
        data-answers={question.answers.length}
      >
        {question.answers.map((answer) => (
          <li key={answer.id}>
            <button
              type="button"
              className="quiz-answer flex h-full w-full cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-encre/15 bg-creme p-3 text-center text-lg font-semibold transition hover:border-piment aria-pressed:border-piment aria-pressed:bg-piment-light"
              aria-pressed={picked === answer.id}
              onClick={() => onAnswer(answer.id)}
            >
              {answer.image ? (
                <ContentImage
                  image={answer.image}
                  sizes="(min-width: 1025px) 240px, (min-width: 768px) 33vw, 50vw"
                  eager
                  className="aspect-square h-auto w-full rounded-lg object-cover"
                />
              ) : null}
              <span>{answer.text}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm">
        {number > 1 ? (
          <button type="button" className="quiz-back cursor-pointer font-bold underline underline-offset-4" onClick={onBack}>
            ← Question précédente
          </button>
        ) : (
          <span />
        )}
        <button type="button" className="quiz-restart cursor-pointer font-bold underline underline-offset-4" onClick={onRestart}>
          Recommencer
        </button>
      </div>
    </section>
  );
}
