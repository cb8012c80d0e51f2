/** Stored web push subscriptions: save (insert or refresh the keys), remove, and read in batches to send. */
import { asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema.ts';

export interface PushSubscriptionRecord {
  endpoint: string;
  p256dh: string;
  auth: string;
  expiresAt: Date | null;
}

/** true: a new subscription; false: a known endpoint whose keys were refreshed. */
export async function savePushSubscription(db: Database, record: PushSubscriptionRecord, now: Date): Promise<boolean> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ ...record, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { p256dh: record.p256dh, auth: record.auth, expiresAt: record.expiresAt, updatedAt: now },
    })
    // xmax is 0 on a freshly inserted row, not on an updated one.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return row?.inserted === true;
}

export async function removePushSubscriptions(db: Database, endpoints: string[]): Promise<number> {
  if (endpoints.length === 0) return 0;
  const removed = await db
    .delete(pushSubscriptions)
    .where(inArray(pushSubscriptions.endpoint, endpoints))
    .returning({ id: pushSubscriptions.id });
  return removed.length;
}

export async function countPushSubscriptions(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(pushSubscriptions);
  return row?.count ?? 0;
}

/** Every subscription, `batchSize` at a time in id order (a send never holds them all in memory). */
export async function* pushSubscriptionBatches(db: Database, batchSize: number): AsyncGenerator<PushSubscriptionRecord[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        id: pushSubscriptions.id,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
        expiresAt: pushSubscriptions.expiresAt,
      })
      .from(pushSubscriptions)
      .where(gt(pushSubscriptions.id, after))
      .orderBy(asc(pushSubscriptions.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    after = rows[rows.length - 1]?.id ?? after;
    yield rows.map(({ id: _id, ...record }) => record);
    if (rows.length < batchSize) return;
  }
}

export async function findPushSubscription(db: Database, endpoint: string): Promise<PushSubscriptionRecord | null> {
  const [row] = await db
    .select({
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      expiresAt: pushSubscriptions.expiresAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint));
  return row ?? null;
}
