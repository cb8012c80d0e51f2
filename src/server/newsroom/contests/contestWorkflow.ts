/** The contests' workflow, preview links to their page open, upcoming or closed by its dates, and the scheduler's pass. */
import { contestDeclaration } from '../../../formats/contestFormat.ts';
import { toContest } from '../../content/formatContests.server.ts';
import { formatWorkflow } from '../workflow/formatWorkflow.ts';
import { contestFormat } from './contestFormat.ts';
import { contestRows, toContestSummary } from './contestQueries.ts';

export const {
  workflow: contestWorkflow,
  previews: contestPreviews,
  publishDue: publishDueContests,
  module: contestModule,
} = formatWorkflow(contestDeclaration, contestRows, contestFormat, {
  purpose: 'contest',
  readerCopy: async (_db, row, now) => toContest(row, now),
  summary: toContestSummary,
});
