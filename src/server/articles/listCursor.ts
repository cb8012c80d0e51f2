/**
 * The keyset cursor of the article lists' "more" batches (issue 38): where the previous batch stopped, as
 * its last article's `published_at` to the microsecond and its id. The next batch starts just below it in
 * the recency index, so a batch deep in the archive reads 12 entries, where `offset` read every skipped one.
 * The server writes it (`next`), the client sends it back as is (`after`): the card's own `publishedAt`
 * keeps milliseconds only, and two articles in the same millisecond would be skipped or repeated.
 */
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export interface ListCursor {
  /** RFC 3339, UTC, microseconds: what PostgreSQL stores, exactly. */
  publishedAt: string;
  id: number;
}

export const listCursorMessage =
  'Le paramètre « after » n’est pas valide : recopiez tel quel le « next » de la réponse précédente (date de publication à la microseconde, virgule, identifiant).';
export const cursorWithOffsetMessage = 'Les paramètres « after » et « offset » ne vont pas ensemble : le curseur dit déjà où reprendre.';

const CURSOR = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{6})Z,([1-9]\d{0,9})$/;
const MAX_ID = 2_147_483_647;

/** The cursor, or null when it is not one the server could have written (never reaches the database). */
export function parseListCursor(raw: string): ListCursor | null {
  const match = CURSOR.exec(raw);
  if (!match) return null;
  const [, year, month, day, hour, minute, second, micros, idText] = match;
  const id = Number(idText);
  if (id > MAX_ID || Number(year) < 1970) return null;
  // Date.parse is lenient (30 February, 24:00): the date must read back unchanged.
  const millis = `${year}-${month}-${day}T${hour}:${minute}:${second}.${micros?.slice(0, 3)}Z`;
  const parsed = new Date(millis);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString() !== millis) return null;
  return { publishedAt: raw.slice(0, raw.indexOf(',')), id };
}

export function formatListCursor(publishedAt: string, id: number): string {
  return `${publishedAt},${id}`;
}

/** SQL: the cursor's text for a `published_at` column, in the format parseListCursor reads. */
export function cursorTextOf(publishedAt: AnyPgColumn): SQL<string> {
  return sql<string>`to_char(${publishedAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** SQL: strictly after the cursor in newest-first order (a row comparison: one range of the index). */
export function afterCursor(publishedAt: AnyPgColumn, id: AnyPgColumn, cursor: ListCursor): SQL {
  return sql`(${publishedAt}, ${id}) < (${cursor.publishedAt}::timestamptz, ${cursor.id}::integer)`;
}
