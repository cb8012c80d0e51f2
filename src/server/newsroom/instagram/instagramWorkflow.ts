/**
 * The Instagram feed's workflow, preview links to the Instagram page with the post in its place among the
 * published ones (`/apercu-instagram/{token}`), and the scheduler's pass.
 */
import { instagramDeclaration } from '../../../formats/instagramFormat.ts';
import { toInstagramPost } from '../../content/instagram.server.ts';
import { formatWorkflow } from '../workflow/formatWorkflow.ts';
import { instagramFormat } from './instagramFormat.ts';
import { instagramRows, toInstagramSummary } from './instagramQueries.ts';

export const {
  workflow: instagramWorkflow,
  previews: instagramPreviews,
  publishDue: publishDueInstagramPosts,
  module: instagramModule,
} = formatWorkflow(instagramDeclaration, instagramRows, instagramFormat, {
  purpose: 'instagram',
  readerCopy: async (_db, row) => toInstagramPost(row),
  summary: toInstagramSummary,
});
