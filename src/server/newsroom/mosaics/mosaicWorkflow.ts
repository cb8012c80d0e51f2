/** The mosaics' workflow: the shared editorial workflow bound to the mosaic format, and the scheduler's query. */
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { mosaics } from '../../../db/schema.ts';
import { staffName } from '../articles/articleQueries.ts';
import { editorialWorkflow } from '../workflow/editorialWorkflow.ts';
import { previewLinks } from '../workflow/previewLinks.ts';
import { findMosaicRow } from './mosaicQueries.ts';
import { toMosaic } from '../../content/mosaics.server.ts';
import { mosaicFormat } from './mosaicFormat.ts';

export const mosaicWorkflow = editorialWorkflow(mosaicFormat, staffName);

/** Signed links to its page (`/apercu-mosaique/{token}`): whoever may read it may share it. */
export const mosaicPreviews = previewLinks({
  entity: 'mosaic',
  purpose: 'mosaic',
  find: findMosaicRow,
  pageOf: (_row, token) => `/apercu-mosaique/${token}`,
  readerCopy: async (_db, row) => toMosaic(row),
});

/** The scheduler's pass: publishes every scheduled mosaic whose time has come. Answers their ids. */
export async function publishDueMosaics(db: Database, now: Date): Promise<number[]> {
  const due = await db
    .select()
    .from(mosaics)
    .where(and(eq(mosaics.status, 'scheduled'), lte(mosaics.scheduledAt, now)))
    .orderBy(asc(mosaics.scheduledAt));
  return mosaicWorkflow.publishDue(db, due, now);
}
