/** Reading popins in the newsroom: one row, its admin shape, the list. */

import type { AdminPopin, PopinType } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { popins } from '../../../db/schema.ts';
import { staffName } from '../articles/articleQueries.ts';
import { editorialAdminFields, editorialTable, type RowOf } from '../workflow/editorialTable.ts';

export type PopinRow = RowOf<typeof popins>;

export const popinRows = editorialTable(popins);

export async function toAdminPopin(db: Database, row: PopinRow): Promise<AdminPopin> {
  return {
    ...editorialAdminFields(row),
    name: row.name || (row.parts.title ?? row.type),
    type: row.type as PopinType,
    matchPath: row.matchPath,
    matchMode: row.matchMode,
    priority: row.priority,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    cookie: { hash: row.cookieHash, successDuration: row.successDuration },
    trigger: row.trigger,
    parts: row.parts,
    updatedByName: await staffName(db, row.updatedBy),
  };
}

/** One row of the newsroom's list. */
export const toPopinSummary = (r: PopinRow) => ({
  id: r.id,
  status: r.status,
  version: r.version,
  name: r.name || (r.parts.title ?? r.type),
  type: r.type as PopinType,
  matchPath: r.matchPath,
  matchMode: r.matchMode,
  priority: r.priority,
  startsAt: r.startsAt?.toISOString() ?? null,
  endsAt: r.endsAt?.toISOString() ?? null,
  updatedAt: r.updatedAt.toISOString(),
});
