/** The Instagram workflow: the shared editorial workflow bound to the Instagram format, and the scheduler's query. */
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { instagramPosts } from '../../../db/schema.ts';
import { staffName } from '../articles/articleQueries.ts';
import { editorialWorkflow } from '../workflow/editorialWorkflow.ts';
import { previewLinks } from '../workflow/previewLinks.ts';
import { findInstagramRow } from './instagramQueries.ts';
import { toInstagramPost } from '../../content/instagram.server.ts';
import { instagramFormat } from './instagramFormat.ts';

export const instagramWorkflow = editorialWorkflow(instagramFormat, staffName);

/** Signed links to the Instagram page, the post in its place among the published ones (`/apercu-instagram/{token}`): whoever may read it may share it. */
export const instagramPreviews = previewLinks({
  entity: 'instagram',
  purpose: 'instagram',
  find: findInstagramRow,
  pageOf: (_row, token) => `/apercu-instagram/${token}`,
  readerCopy: async (_db, row) => toInstagramPost(row),
});

/** The scheduler's pass: publishes every scheduled post whose time has come. Answers their ids. */
export async function publishDueInstagramPosts(db: Database, now: Date): Promise<number[]> {
  const due = await db
    .select()
    .from(instagramPosts)
    .where(and(eq(instagramPosts.status, 'scheduled'), lte(instagramPosts.scheduledAt, now)))
    .orderBy(asc(instagramPosts.scheduledAt));
  return instagramWorkflow.publishDue(db, due, now);
}
