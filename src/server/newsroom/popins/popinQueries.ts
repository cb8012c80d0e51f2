/** Reading popins in the newsroom: one row, its admin shape, the list. */

import type { AdminPopin, PopinType } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { popins } from '../../../db/schema.ts';
import { staffName } from '../articles/articleQueries.ts';
import { columnsOf, editorialAdminFields, editorialListFields, editorialTable, type RowOf } from '../workflow/editorialTable.ts';

export type PopinRow = RowOf<typeof popins>;

export const popinRows = editorialTable(popins);

/** What the admin shape and the list row both show. */
const popinFields = (row: PopinRow) => ({
  ...columnsOf(row, 'matchPath', 'matchMode', 'priority'),
  name: row.name || (row.parts.title ?? row.type),
  type: row.type as PopinType,
  startsAt: row.startsAt?.toISOString() ?? null,
  endsAt: row.endsAt?.toISOString() ?? null,
});

export async function toAdminPopin(db: Database, row: PopinRow): Promise<AdminPopin> {
  return {
    ...editorialAdminFields(row),
    ...popinFields(row),
    cookie: { hash: row.cookieHash, successDuration: row.successDuration },
    trigger: row.trigger,
    parts: row.parts,
    updatedByName: await staffName(db, row.updatedBy),
  };
}

/** One row of the newsroom's list. */
export const toPopinSummary = (r: PopinRow) => ({ ...editorialListFields(r), ...popinFields(r) });
