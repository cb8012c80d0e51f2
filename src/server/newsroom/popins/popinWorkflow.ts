/**
 * The popin workflow: the shared editorial workflow bound to the popin format, plus what only popins have
 * (the scheduler's query, the signed preview over a real page). What the newsroom's HTTP layer calls.
 */
import { popinDeclaration } from '../../../formats/popinFormat.ts';
import { toReaderPopin } from '../../content/popins.server.ts';
import { formatWorkflow } from '../workflow/formatWorkflow.ts';
import { popinFormat } from './popinFormat.ts';
import { popinRows, toPopinSummary } from './popinQueries.ts';

/** Preview tokens of popins are signed for this purpose: an article's token never opens a popin. */
export const POPIN_PREVIEW = 'popin';
/** The query parameter the page's popin loader honours (src/app/PopinHost.tsx). */
export const POPIN_PREVIEW_PARAM = 'apercu-popin';

/**
 * Preview links open a real page the popin targets, where the page shows the working copy without waiting
 * for consent and without writing the dismissal cookie.
 */
export const {
  workflow: popinWorkflow,
  previews: popinPreviews,
  publishDue: publishDuePopins,
  module: popinModule,
} = formatWorkflow(popinDeclaration, popinRows, popinFormat, {
  purpose: POPIN_PREVIEW,
  pageOf: (row, token) => `${row.matchPath}?${POPIN_PREVIEW_PARAM}=${token}`,
  readerCopy: async (_db, row) => toReaderPopin(row),
  summary: toPopinSummary,
});
