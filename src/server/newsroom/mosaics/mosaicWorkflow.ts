/** The mosaics' workflow, preview links to their page (`/apercu-mosaique/{token}`), and the scheduler's pass. */
import { mosaicDeclaration } from '../../../formats/mosaicFormat.ts';
import { toMosaic } from '../../content/mosaics.server.ts';
import { formatWorkflow } from '../workflow/formatWorkflow.ts';
import { mosaicFormat } from './mosaicFormat.ts';
import { mosaicRows, toMosaicSummary } from './mosaicQueries.ts';

export const {
  workflow: mosaicWorkflow,
  previews: mosaicPreviews,
  publishDue: publishDueMosaics,
  module: mosaicModule,
} = formatWorkflow(mosaicDeclaration, mosaicRows, mosaicFormat, {
  purpose: 'mosaic',
  readerCopy: async (_db, row) => toMosaic(row),
  summary: toMosaicSummary,
});
