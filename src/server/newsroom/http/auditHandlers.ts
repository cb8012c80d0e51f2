/** The audit log: every newsroom write, for admins. */
import * as contract from '../../../api/generated/zod.ts';
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import { parseParams, queryRecord } from '../../http/parseParams.ts';
import { listAudit } from '../audit.server.ts';
import { admins, type NewsroomDeps, noStore, staffOnly } from './newsroomHttp.ts';

export function auditHandlers(deps: NewsroomDeps) {
  return {
    listAuditLog: staffOnly(deps, admins, 'de lire le journal', async (ctx) => {
      const query = parseParams(contract.ListAuditLogQueryParams, queryRecord(ctx.url), ['limit', 'offset']);
      if (!query.ok) return query.response;
      return ctx.reply(
        200,
        { results: await listAudit(ctx.db, { limit: query.value.limit ?? 50, offset: query.value.offset ?? 0 }) },
        noStore,
      );
    }),
  } satisfies ApiHandlerTable;
}
