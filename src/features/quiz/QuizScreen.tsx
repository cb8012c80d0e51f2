/**
 * The quiz screen (SPEC §2): the intro is rendered on the server with the page; the interactive quiz
 * is a separate chunk, fetched after hydration (article readers never download it). A saved progress
 * in this tab resumes the quiz at once; otherwise the start button starts it.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Quiz } from '../../api/types.ts';
import type { QuizEvent } from './quizMachine.ts';
import { readProgress, sessionProgressStorage } from './quizProgressStore.ts';
import { QuizIntro } from './QuizIntro.tsx';

const loadPlayer = () => import('./QuizPlayer.tsx');
const QuizPlayer = lazy(() => loadPlayer().then((module) => ({ default: module.QuizPlayer })));

export function QuizScreen({ quiz, onResult }: { quiz: Quiz; onResult: (resultUrl: string) => void }) {
  const [hydrated, setHydrated] = useState(false);
  const [firstEvent, setFirstEvent] = useState<QuizEvent | null>(null);

  useEffect(() => {
    setHydrated(true);
    const storage = sessionProgressStorage();
    const saved = storage ? readProgress(storage, quiz.url) : null;
    if (saved) {
      setFirstEvent({ type: 'quiz.resume', ...saved });
    } else {
      // Warm the chunk: the first question then shows as soon as the reader presses start.
      void loadPlayer().catch(() => {});
    }
  }, [quiz.url]);

  const intro = <QuizIntro quiz={quiz} ready={hydrated} onStart={() => setFirstEvent({ type: 'quiz.start' })} />;
  return (
    <article className="quiz-page mx-auto max-w-3xl px-4 pt-10" data-hydrated={hydrated ? 'true' : undefined}>
      {firstEvent ? (
        <Suspense fallback={intro}>
          <QuizPlayer quiz={quiz} firstEvent={firstEvent} intro={intro} onResult={onResult} />
        </Suspense>
      ) : (
        intro
      )}
    </article>
  );
}
