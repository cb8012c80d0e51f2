/**
 * What a raw `db.execute` answers, read without casts: Drizzle types it by driver (node-postgres, PGlite),
 * and both give `{ rows }` and a count of affected rows (rowCount or affectedRows). A result of another shape
 * is a programming error, said as such.
 */

function resultObject(result: unknown): object {
  if (typeof result !== 'object' || result === null) throw new Error('database result: not an object');
  return result;
}

/** The rows of a raw query; `T` is what the query's SELECT or RETURNING list says. */
export function rowsOf<T>(result: unknown): T[] {
  const object = resultObject(result);
  if (!('rows' in object) || !Array.isArray(object.rows)) throw new Error('database result: no rows');
  return object.rows;
}

/** How many rows a raw INSERT, UPDATE or DELETE touched (0 when the driver does not say). */
export function affectedRowsOf(result: unknown): number {
  const object = resultObject(result);
  if ('rowCount' in object && typeof object.rowCount === 'number') return object.rowCount;
  if ('affectedRows' in object && typeof object.affectedRows === 'number') return object.affectedRows;
  return 0;
}
