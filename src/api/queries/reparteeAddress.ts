/**
 * A repartee reply's address, apart from the calls of repartee.ts: the generator's route reads it in its search
 * validation and head, which are in the router's tree every reader downloads, and a module goes whole into one
 * chunk (issue 38). repartee.ts re-exports both.
 */
/** The `?replique=` of a reply's address: a whole number ≥ 1, anything else ignored. */
export function parseReplyId(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(number) && number >= 1 ? number : undefined;
}

/** A reply's own address: the generator's, with `?replique=` (rendered by the server as that reply). */
export function reparteeReplyPath(generatorUrl: string, replyId?: number): string {
  return `/generateur-de-repartie/${generatorUrl}${replyId ? `?replique=${replyId}` : ''}`;
}
