/**
 * The list cells only one format has (its declaration's 'custom' columns), as plain functions for
 * FormatListPage: a popin's type, target and dates, a contest's state for readers.
 */
import { frenchShortDateTime } from '../../lib/frenchDates.ts';
import type { AdminContestSummary } from '../../api/queries/newsroomContests.ts';
import type { AdminPopinSummary } from '../../api/queries/newsroomPopins.ts';
import { contestStatusLabel } from '../../components/contestStatus.ts';
import { ruleLabel, typeLabels } from './popinFormModel.ts';

// Absolute dates: « Du demain… » would not read.
const when = (iso: string | null) => (iso ? frenchShortDateTime(iso) : null);

/** When a popin shows: its dates, either of them, or none. */
export function popinWindow(popin: Pick<AdminPopinSummary, 'startsAt' | 'endsAt'>): string {
  const from = when(popin.startsAt);
  const to = when(popin.endsAt);
  if (from && to) return `Du ${from} au ${to}`;
  if (from) return `À partir du ${from}`;
  if (to) return `Jusqu’au ${to}`;
  return 'Sans limite';
}

export const popinListCells = {
  type: (popin: AdminPopinSummary) => typeLabels[popin.type],
  matchPath: (popin: AdminPopinSummary) => ruleLabel(popin.matchPath, popin.matchMode),
  startsAt: popinWindow,
};

export const contestListCells = {
  state: (contest: AdminContestSummary) => contestStatusLabel[contest.state],
};
