/** Reading mosaics in the newsroom: the table's adapter, one row's admin shape, the list newest first. */
import type { AdminMosaic, AdminMosaicSummary } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { mosaics } from '../../../db/schema.ts';
import { staffName } from '../articles/articleQueries.ts';
import { editorialAdminFields, editorialTable, type RowOf } from '../workflow/editorialTable.ts';

export type MosaicRow = RowOf<typeof mosaics>;

export const mosaicRows = editorialTable(mosaics);

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

/** One row of the newsroom's list. */
export const toMosaicSummary = (r: MosaicRow): AdminMosaicSummary => ({
  id: r.id,
  status: r.status,
  version: r.version,
  url: r.url,
  title: r.title,
  cover: r.cover,
  imageCount: r.images.length,
  createdById: r.createdBy,
  updatedAt: r.updatedAt.toISOString(),
});
