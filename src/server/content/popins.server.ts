import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Popin } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { popins } from '../../db/schema.ts';

/**
 * The popin for a path: an exact match, or a prefix matching whole segments ('/mode' applies to
 * '/mode' and '/mode/x', not to '/modeste'; '/' as a prefix applies everywhere). The highest priority
 * wins, then the most specific path. Only published popins (`active`, written by the newsroom's workflow)
 * within their date window: a cached answer lives at most the page cache's few seconds past a bound.
 */
export async function findPopinForPath(db: Database, path: string, now: Date = new Date()): Promise<Popin | null> {
  const [row] = await db
    .select()
    .from(popins)
    .where(
      and(
        eq(popins.active, true),
        or(isNull(popins.startsAt), lte(popins.startsAt, now)),
        or(isNull(popins.endsAt), gt(popins.endsAt, now)),
        or(
          eq(popins.matchPath, path),
          and(
            eq(popins.matchMode, 'prefix'),
            or(eq(popins.matchPath, '/'), sql`left(${path}, length(${popins.matchPath}) + 1) = ${popins.matchPath} || '/'`),
          ),
        ),
      ),
    )
    .orderBy(desc(popins.priority), desc(sql`length(${popins.matchPath})`), desc(popins.id))
    .limit(1);
  return row ? toReaderPopin(row) : null;
}

/** The readers' shape of a popin row (also the newsroom's preview of a working copy). */
export function toReaderPopin(row: typeof popins.$inferSelect): Popin {
  return {
    type: row.type as Popin['type'],
    cookie: { hash: row.cookieHash, successDuration: row.successDuration },
    popin: row.trigger,
    parts: row.parts,
  };
}
