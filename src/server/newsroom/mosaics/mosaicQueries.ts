/** Reading mosaics in the newsroom: the table's adapter, one row's admin shape, the list newest first. */
import type { AdminMosaic, AdminMosaicSummary } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { mosaics } from '../../../db/schema.ts';
import { staffName } from '../articles/articleQueries.ts';
import { columnsOf, editorialAdminFields, editorialListFields, editorialTable, type RowOf } from '../workflow/editorialTable.ts';

export type MosaicRow = RowOf<typeof mosaics>;

export const mosaicRows = editorialTable(mosaics);

export async function toAdminMosaic(db: Database, row: MosaicRow): Promise<AdminMosaic> {
  const own = columnsOf(row, 'url', 'title', 'description', 'cover', 'images');
  return { ...editorialAdminFields(row), ...own, updatedByName: await staffName(db, row.updatedBy) };
}

/** One row of the newsroom's list. */
export const toMosaicSummary = (r: MosaicRow): AdminMosaicSummary => ({
  ...editorialListFields(r),
  ...columnsOf(r, 'url', 'title', 'cover'),
  imageCount: r.images.length,
  createdById: r.createdBy,
});
