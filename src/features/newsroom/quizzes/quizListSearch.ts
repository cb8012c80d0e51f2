/**
 * The quiz list's filters in its address (?q=…&etat=…&debut=…), so that its route loader reads the page
 * the person asked for and the back button returns to the previous filter. Plain data: the route and its test share it.
 */
import type { QuizStatus } from '../../../api/queries/newsroomQuizzes.ts';
import { statusLabels } from '../newsroomLabels.ts';

export interface QuizListSearch {
  q?: string;
  etat?: QuizStatus;
  debut?: number;
}

const isStatus = (value: unknown): value is QuizStatus => typeof value === 'string' && Object.hasOwn(statusLabels, value);

/** Whatever the address holds, only what the list understands: a bad value is dropped, not refused. */
export function quizListSearch(search: Record<string, unknown>): QuizListSearch {
  const q = typeof search.q === 'string' ? search.q.trim().slice(0, 200) : '';
  const debut = Number(search.debut);
  return {
    ...(q ? { q } : {}),
    ...(isStatus(search.etat) ? { etat: search.etat } : {}),
    ...(Number.isInteger(debut) && debut > 0 && debut <= 100_000 ? { debut } : {}),
  };
}

/** The contract's query for one page of the list. */
export function quizListQuery(search: QuizListSearch, limit: number) {
  return {
    ...(search.q ? { q: search.q } : {}),
    ...(search.etat ? { status: search.etat } : {}),
    offset: search.debut ?? 0,
    limit,
  };
}
