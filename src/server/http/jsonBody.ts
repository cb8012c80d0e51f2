/**
 * Reads a small JSON body defensively: the content type first (415), the declared length (413 before a
 * byte is read), the stream with a hard cap (413), then UTF-8 and JSON (400), then control characters in
 * any string (400, controlCharacters.ts), then the contract's zod schema (400 with a French sentence per field).
 */
import type { z } from 'zod';
import { controlCharacterField, controlCharacterMessage } from './controlCharacters.ts';
import { drainBody, readCappedBody } from './requestBody.ts';
import { errorJson } from './responses.ts';

export type JsonRead<T> = { ok: true; value: T } | { ok: false; response: Response };

export const jsonMessages = {
  unsupported: 'Le corps de la requête doit être envoyé en application/json.',
  tooLarge: 'Le corps de la requête est trop volumineux.',
  malformed: "Le corps de la requête n'est pas un JSON valide.",
  invalid: "La requête n'est pas valide.",
} as const;

// One decoder for every body: without `stream`, each decode starts afresh (and a fatal error resets it).
const utf8 = new TextDecoder('utf-8', { fatal: true });

const fail = <T>(response: Response): JsonRead<T> => ({ ok: false, response });

export async function readJson<T>(
  request: Request,
  schema: z.ZodType<T>,
  maxBytes: number,
  explain: (field: string, issue: z.core.$ZodIssue) => string,
  /** The audience beacon also takes text/plain: what navigator.sendBeacon sends for a string (decision 028). */
  mimes: readonly string[] = ['application/json'],
): Promise<JsonRead<T>> {
  const mime = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!mimes.includes(mime)) {
    drainBody(request);
    return fail(errorJson(415, jsonMessages.unsupported));
  }
  const declared = request.headers.get('content-length');
  if (declared !== null) {
    const wellFormed = /^\d{1,15}$/.test(declared.trim());
    if (!wellFormed || Number(declared) > maxBytes) {
      drainBody(request);
      return fail(wellFormed ? errorJson(413, jsonMessages.tooLarge) : errorJson(400, jsonMessages.malformed));
    }
  }
  let bytes: Uint8Array | null;
  try {
    bytes = await readCappedBody(request, maxBytes);
  } catch {
    return fail(errorJson(400, jsonMessages.malformed));
  }
  if (bytes === null) return fail(errorJson(413, jsonMessages.tooLarge));
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8.decode(bytes));
  } catch {
    return fail(errorJson(400, jsonMessages.malformed));
  }
  // Before the schema: whatever the field, a NUL or an override is refused by the one rule, named by its path.
  const controlled = controlCharacterField(parsed);
  if (controlled !== null) {
    const message = controlCharacterMessage(controlled);
    return fail(errorJson(400, message, { [controlled]: message }));
  }
  // reportInput: Zod 4 leaves the input out of its issues otherwise, and explainers tell a missing field
  // (input undefined) from a wrong one by it.
  const result = schema.safeParse(parsed, { reportInput: true });
  if (result.success) return { ok: true, value: result.data };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'requête';
    fields[field] ??= explain(field, issue);
  }
  return fail(errorJson(400, Object.values(fields)[0] ?? jsonMessages.invalid, fields));
}
