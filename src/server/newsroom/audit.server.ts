/** The audit log: one row per newsroom write (who, what, when, on which ids). */
import { desc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import type { StaffMember } from './staff.server.ts';

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: number | null;
  detail?: Record<string, unknown>;
}

export async function audit(db: Database, who: StaffMember | null, entry: AuditEntry, at: Date): Promise<void> {
  await db.insert(auditLog).values({
    at,
    staffId: who?.id ?? null,
    staffEmail: who?.email ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    detail: entry.detail ?? {},
  });
}

export async function listAudit(db: Database, page: { limit: number; offset: number }) {
  const rows = await db.select().from(auditLog).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(page.limit).offset(page.offset);
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    staffEmail: row.staffEmail,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    detail: row.detail,
  }));
}
