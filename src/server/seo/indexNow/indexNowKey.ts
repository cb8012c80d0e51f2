/**
 * The IndexNow key: INDEXNOW_KEY when set, else 32 hexadecimal characters generated the first time and kept
 * in the database, so that every node (and every restart) serves and sends the same one.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { siteSettings } from '../../../db/schema.ts';

const SETTING = 'indexnow.key';

export async function loadIndexNowKey(db: Database, configured: string | null): Promise<string> {
  if (configured) return configured;
  // Two nodes starting together: one insert wins, both read the winner's key.
  await db
    .insert(siteSettings)
    .values({ name: SETTING, value: randomBytes(16).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.name, SETTING));
  if (!row) throw new Error('IndexNow key missing after insert');
  return row.value;
}

/** `/{key}.txt`: the one text file whose name the key makes; any other name is not ours. */
export function isKeyFilePath(pathname: string, key: string): boolean {
  return pathname === `/${key}.txt`;
}
