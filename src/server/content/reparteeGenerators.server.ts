import { asc } from 'drizzle-orm';
import type { ReparteeGenerator, ReparteeGeneratorSummary } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { reparteeGenerators } from '../../db/schema.ts';
import { publishedRowAt, publishedRows } from './publishedRows.ts';

type GeneratorRow = typeof reparteeGenerators.$inferSelect;

function toSummary(row: GeneratorRow): ReparteeGeneratorSummary {
  return {
    id: row.id,
    url: row.url,
    title: row.title,
    description: row.description,
    image: row.image,
    replyCount: row.replies.length,
  };
}

export async function listReparteeGenerators(db: Database, page: { limit: number; offset: number }): Promise<ReparteeGeneratorSummary[]> {
  const rows = await publishedRows(db, reparteeGenerators, [asc(reparteeGenerators.position), asc(reparteeGenerators.id)], page);
  return rows.map(toSummary);
}

export async function getReparteeGenerator(db: Database, url: string): Promise<ReparteeGenerator | null> {
  const row = await publishedRowAt(db, reparteeGenerators, url);
  return row ? toReparteeGenerator(row) : null;
}

/** A generator's row as its page reads it, whatever its state (the newsroom's preview shows drafts). */
export function toReparteeGenerator(row: GeneratorRow): ReparteeGenerator {
  return { ...toSummary(row), replies: row.replies };
}
