import { Link } from '@tanstack/react-router';
import type { Quiz } from '../../api/types.ts';
import { ContentImage } from '../../components/ContentImage.tsx';

/**
 * The quiz's intro (SPEC §2): title, description, image, number of questions and the start button.
 * Server-rendered with the page; the button works once the page is hydrated (disabled until then, and
 * a note says so when JavaScript is off).
 */
export function QuizIntro({ quiz, ready, onStart }: { quiz: Quiz; ready: boolean; onStart: () => void }) {
  return (
    <header className="quiz-intro text-center">
      <p className="kicker text-piment-dark">
        <Link to="/quizzes" className="hover:underline">
          Quiz
        </Link>
        <span aria-hidden="true"> · </span>
        {quiz.questionCount} questions
      </p>
      <h1 className="mt-4 font-display text-4xl font-black italic leading-tight text-balance md:text-5xl">{quiz.title}</h1>
      <p className="mx-auto mt-4 max-w-xl text-xl text-encre/85">{quiz.description}</p>
      <ContentImage
        image={quiz.image}
        sizes="(min-width: 768px) 768px, 100vw"
        eager
        priority
        className="mt-8 aspect-[3/2] h-auto w-full rounded-2xl bg-piment-light object-cover"
      />
      {/* Opacity changes at once when the button becomes usable: a half-faded, enabled button fails contrast. */}
      <button
        type="button"
        className="button-primary quiz-start mt-8 text-lg transition-[translate,background-color]"
        disabled={!ready}
        onClick={onStart}
      >
        Commencer le quiz
      </button>
      <noscript>
        <p className="mt-4 text-base">Pour jouer à ce quiz, activez JavaScript dans votre navigateur.</p>
      </noscript>
    </header>
  );
}
