/**
 * The repartee generators' workflow, preview links to their page with the replies drawn as readers draw
 * them (`/apercu-generateur/{token}`), and the scheduler's pass.
 */
import { generatorDeclaration } from '../../../formats/generatorFormat.ts';
import { toReparteeGenerator } from '../../content/reparteeGenerators.server.ts';
import { formatWorkflow } from '../workflow/formatWorkflow.ts';
import { generatorFormat } from './generatorFormat.ts';
import { generatorRows, toGeneratorSummary } from './generatorQueries.ts';

export const {
  workflow: generatorWorkflow,
  previews: generatorPreviews,
  publishDue: publishDueGenerators,
  module: generatorModule,
} = formatWorkflow(generatorDeclaration, generatorRows, generatorFormat, {
  purpose: 'generator',
  readerCopy: async (_db, row) => toReparteeGenerator(row),
  summary: toGeneratorSummary,
});
