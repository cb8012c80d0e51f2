import { desc } from 'drizzle-orm';
import type { Mosaic, MosaicSummary } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { mosaics } from '../../db/schema.ts';
import { publishedRowAt, publishedRows } from './publishedRows.ts';

type MosaicRow = typeof mosaics.$inferSelect;

function toSummary(row: MosaicRow): MosaicSummary {
  return {
    id: row.id,
    url: row.url,
    title: row.title,
    description: row.description,
    cover: row.cover,
    imageCount: row.images.length,
    // Readers only get published rows, which the workflow always dates.
    publishedAt: (row.publishedAt ?? row.createdAt).toISOString(),
  };
}

export async function listMosaics(db: Database, page: { limit: number; offset: number }): Promise<MosaicSummary[]> {
  const rows = await publishedRows(db, mosaics, [desc(mosaics.publishedAt), desc(mosaics.id)], page);
  return rows.map(toSummary);
}

export async function getMosaic(db: Database, url: string): Promise<Mosaic | null> {
  const row = await publishedRowAt(db, mosaics, url);
  return row ? toMosaic(row) : null;
}

/** A mosaic's row as its page reads it, whatever its state (the newsroom's preview shows drafts). */
export function toMosaic(row: MosaicRow): Mosaic {
  return { ...toSummary(row), images: row.images };
}
