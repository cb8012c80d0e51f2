/**
 * A reload in the middle of a quiz resumes where the reader was (issue 9): the progress lives in the
 * tab's session storage, one key per quiz. Whatever is read back is only a candidate: the machine
 * checks it fits the quiz (`fitsQuiz`). Storage that is full, disabled or holds garbage is ignored.
 */
import type { QuizProgress } from './quizProgress.ts';

const KEY_PREFIX = 'piquante:quiz:';

type ProgressStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function keyOf(quizUrl: string): string {
  return `${KEY_PREFIX}${quizUrl}`;
}

export function readProgress(storage: ProgressStorage, quizUrl: string): QuizProgress | null {
  try {
    const raw = storage.getItem(keyOf(quizUrl));
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return null;
    const { index, answers } = parsed as Record<string, unknown>;
    if (typeof index !== 'number' || !Array.isArray(answers) || !answers.every((id) => typeof id === 'number')) return null;
    return { index, answers };
  } catch {
    return null;
  }
}

export function saveProgress(storage: ProgressStorage, quizUrl: string, progress: QuizProgress): void {
  try {
    storage.setItem(keyOf(quizUrl), JSON.stringify({ index: progress.index, answers: progress.answers }));
  } catch {
    // Quota exceeded or storage disabled: the quiz still plays, it just cannot resume.
  }
}

export function forgetProgress(storage: ProgressStorage, quizUrl: string): void {
  try {
    storage.removeItem(keyOf(quizUrl));
  } catch {
    // Nothing to forget when storage is unavailable.
  }
}

/** The tab's session storage, or null where there is none (server rendering, some privacy modes). */
export function sessionProgressStorage(): ProgressStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
