/**
 * The audit log: one row per newsroom write (who, what, when, on which ids). Written by the domain
 * functions themselves, inside the transaction of the write they record: the HTTP layer never audits.
 */
import { desc } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: number | null;
  detail?: Record<string, unknown>;
}

/** Who did it: a member of the staff, or null for the server itself (the scheduler). */
export type AuditActor = { id: number; email: string } | null;

/**
 * Records a write in the transaction that makes it (`tx`: a Database is refused by the type), so that a
 * write never stands without its line, nor a line without its write.
 */
export async function audit(tx: Transaction, who: AuditActor, entry: AuditEntry, at: Date): Promise<void> {
  await tx.insert(auditLog).values({
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
