/** The Instagram workflow: the shared editorial workflow bound to the Instagram format, and the scheduler's query. */
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { instagramPosts } from '../../../db/schema.ts';
import { staffName } from '../articles/articleQueries.ts';
import { editorialWorkflow } from '../workflow/editorialWorkflow.ts';
import { instagramFormat } from './instagramFormat.ts';

export const instagramWorkflow = editorialWorkflow(instagramFormat, staffName);

/** The scheduler's pass: publishes every scheduled post whose time has come. Answers their ids. */
export async function publishDueInstagramPosts(db: Database, now: Date): Promise<number[]> {
  const due = await db
    .select()
    .from(instagramPosts)
    .where(and(eq(instagramPosts.status, 'scheduled'), lte(instagramPosts.scheduledAt, now)))
    .orderBy(asc(instagramPosts.scheduledAt));
  return instagramWorkflow.publishDue(db, due, now);
}
