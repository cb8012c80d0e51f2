/**
 * The quiz list's filters in its address (?q=…&etat=…&debut=…), so that its route loader reads the page
 * the person asked for and the back button returns to the previous filter. Not in the newsroom's feature folder:
 * the route's validateSearch is in the router's tree, which every reader's page loads, and must not pull it in.
 */
import type { QuizStatus } from '../api/queries/newsroomQuizzes.ts';

const STATUSES: readonly QuizStatus[] = ['draft', 'scheduled', 'published', 'unpublished'];

export interface QuizListSearch {
  q?: string;
  etat?: QuizStatus;
  debut?: number;
}

const isStatus = (value: unknown): value is QuizStatus => typeof value === 'string' && (STATUSES as readonly string[]).includes(value);

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
