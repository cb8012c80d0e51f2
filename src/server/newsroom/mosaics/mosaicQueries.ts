/** Reading mosaics in the newsroom: the table's adapter, one row's admin shape, the list newest first. */
import type { AdminMosaic, AdminMosaicSummary } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { mosaics } from '../../../db/schema.ts';
import { staffName } from '../articles/articleQueries.ts';
import { editorialAdminFields, editorialTable, type ListFilter, type RowOf } from '../workflow/editorialTable.ts';

export type MosaicRow = RowOf<typeof mosaics>;

export const mosaicRows = editorialTable(mosaics);
export const findMosaicRow = mosaicRows.find;

export async function toAdminMosaic(db: Database, row: MosaicRow): Promise<AdminMosaic> {
  return {
    ...editorialAdminFields(row),
    url: row.url,
    title: row.title,
    description: row.description,
    cover: row.cover,
    images: row.images,
    updatedByName: await staffName(db, row.updatedBy),
  };
}

export async function listAdminMosaics(db: Database, filter: ListFilter): Promise<{ total: number; results: AdminMosaicSummary[] }> {
  const { total, rows } = await mosaicRows.page(db, filter);
  return {
    total,
    results: rows.map((r) => ({
      id: r.id,
      status: r.status,
      version: r.version,
      url: r.url,
      title: r.title,
      cover: r.cover,
      imageCount: r.images.length,
      createdById: r.createdBy,
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}
