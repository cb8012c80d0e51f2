/**
 * The repartee generator workflow: the shared editorial workflow bound to the generator format, plus the
 * scheduler's query. What the newsroom's HTTP layer and the scheduler call.
 */
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { reparteeGenerators } from '../../../db/schema.ts';
import { staffName } from '../articles/articleQueries.ts';
import { editorialWorkflow } from '../workflow/editorialWorkflow.ts';
import { previewLinks } from '../workflow/previewLinks.ts';
import { findGeneratorRow } from './generatorQueries.ts';
import { toReparteeGenerator } from '../../content/reparteeGenerators.server.ts';
import { generatorFormat } from './generatorFormat.ts';

export const generatorWorkflow = editorialWorkflow(generatorFormat, staffName);

/** Signed links to its page, the replies drawn as readers draw them (`/apercu-generateur/{token}`): whoever may read it may share it. */
export const generatorPreviews = previewLinks({
  entity: 'generator',
  purpose: 'generator',
  find: findGeneratorRow,
  pageOf: (_row, token) => `/apercu-generateur/${token}`,
  readerCopy: async (_db, row) => toReparteeGenerator(row),
});

/** The scheduler's pass: publishes every scheduled generator whose time has come. Answers their ids. */
export async function publishDueGenerators(db: Database, now: Date): Promise<number[]> {
  const due = await db
    .select()
    .from(reparteeGenerators)
    .where(and(eq(reparteeGenerators.status, 'scheduled'), lte(reparteeGenerators.scheduledAt, now)))
    .orderBy(asc(reparteeGenerators.scheduledAt));
  return generatorWorkflow.publishDue(db, due, now);
}
