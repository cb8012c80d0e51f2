/**
 * The contest editor's form (pure): the dates as the `datetime-local` fields show them (Paris time, what
 * editors mean), the rules one article per line; and back to the contract's input.
 */
import { localInputValue, PARIS } from '../../lib/frenchDates.ts';
import type { AdminContest, ContestDraftInput } from '../../api/queries/newsroomContests.ts';

export interface ContestForm {
  title: string;
  slug: string;
  description: string;
  image: ContestDraftInput['image'];
  prize: string;
  rules: string;
  startsAt: string;
  endsAt: string;
  /** The question entrants answer ('' for none) and its proposed answers, one per line ('' for a free answer). */
  question: string;
  questionChoices: string;
}

/** "2026-11-25T14:30" in Paris time, what a datetime-local field takes. */
export const localInput = (iso: string) => localInputValue(iso, PARIS);

/** A datetime-local value read as Paris time, as an ISO instant ('' when the field is empty or unreadable). */
export function fromLocalInput(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return '';
  const asUtc = new Date(`${value}:00Z`);
  // Paris is UTC+1 or +2: find the offset that gives back the same wall-clock time.
  for (const hours of [1, 2, 0]) {
    const candidate = new Date(asUtc.getTime() - hours * 3_600_000);
    if (localInput(candidate.toISOString()) === value) return candidate.toISOString();
  }
  return asUtc.toISOString();
}

export const emptyContestForm = (now = new Date()): ContestForm => ({
  title: '',
  slug: '',
  description: '',
  image: { url: '/media/svg/contest/nouveau-concours.svg', alt: '', width: 1200, height: 800 },
  prize: '',
  rules: '',
  startsAt: localInput(now.toISOString()),
  endsAt: localInput(new Date(now.getTime() + 30 * 86_400_000).toISOString()),
  question: '',
  questionChoices: '',
});

export const contestFormOf = (contest: AdminContest): ContestForm => ({
  title: contest.title,
  slug: contest.url,
  description: contest.description,
  image: contest.image,
  prize: contest.prize,
  rules: contest.rules.join('\n'),
  startsAt: localInput(contest.startsAt),
  endsAt: localInput(contest.endsAt),
  question: contest.question,
  questionChoices: contest.questionChoices.join('\n'),
});

/** The input the API takes; an empty date goes as such and the server answers in French. */
export function contestInputOf(form: ContestForm): ContestDraftInput {
  const slug = form.slug.trim();
  return {
    title: form.title,
    ...(slug ? { slug } : {}),
    description: form.description,
    image: form.image,
    prize: form.prize,
    rules: form.rules
      .split('\n')
      .map((r) => r.trim())
      .filter((r) => r !== ''),
    startsAt: fromLocalInput(form.startsAt) || form.startsAt,
    endsAt: fromLocalInput(form.endsAt) || form.endsAt,
    question: form.question.trim(),
    questionChoices: form.questionChoices
      .split('\n')
      .map((choice) => choice.trim())
      .filter((choice) => choice !== ''),
  };
}
