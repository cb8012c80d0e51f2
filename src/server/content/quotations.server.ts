import { asc } from 'drizzle-orm';
import type { Quotation } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { quotations } from '../../db/schema.ts';

export async function listQuotations(db: Database): Promise<Quotation[]> {
  const rows = await db.select().from(quotations).orderBy(asc(quotations.position), asc(quotations.id));
  return rows.map((row) => ({ id: row.id, text: row.text, author: row.author }));
}
