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

/** Why a body is refused from its headers alone (before a byte is read), or null when it may be read. */
export interface BodyRefusal {
  status: 400 | 413 | 415;
  message: string;
}

// The last content type seen and its media type: a beacon's or a form's header is the same string every time.
let lastContentType = '';
let lastMime = '';

function mimeOf(contentType: string): string {
  if (contentType !== lastContentType) {
    lastMime = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
    lastContentType = contentType;
  }
  return lastMime;
}

/**
 * The content type (415) and the declared length (413, or 400 when not a number) of a body, from the two
 * headers' values: shared by readJson and the audience beacon's node:http path (beaconFastPath.ts).
 */
export function refusedBodyHeaders(
  contentType: string | null,
  declared: string | null,
  maxBytes: number,
  mimes: readonly string[],
): BodyRefusal | null {
  if (!mimes.includes(mimeOf(contentType ?? ''))) return { status: 415, message: jsonMessages.unsupported };
  if (declared !== null) {
    const wellFormed = /^\d{1,15}$/.test(declared.trim());
    if (!wellFormed) return { status: 400, message: jsonMessages.malformed };
    if (Number(declared) > maxBytes) return { status: 413, message: jsonMessages.tooLarge };
  }
  return null;
}

/** A body's verdict from its bytes: the value, or the 400 to answer (message, and the fields at fault). */
export type JsonVerdict<T> = { ok: true; value: T } | { ok: false; message: string; fields?: Record<string, string> };

/**
 * UTF-8 and JSON (400), then control characters in any string (400, controlCharacters.ts), then the
 * contract's zod schema (400 with a French sentence per field): shared by readJson and the beacon's node:http path.
 */
export function judgeJsonBytes<T>(
  bytes: Uint8Array,
  schema: z.ZodType<T>,
  explain: (field: string, issue: z.core.$ZodIssue) => string,
): JsonVerdict<T> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8.decode(bytes));
  } catch {
    return { ok: false, message: jsonMessages.malformed };
  }
  // Before the schema: whatever the field, a NUL or an override is refused by the one rule, named by its path.
  const controlled = controlCharacterField(parsed);
  if (controlled !== null) {
    const message = controlCharacterMessage(controlled);
    return { ok: false, message, fields: { [controlled]: message } };
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
  return { ok: false, message: Object.values(fields)[0] ?? jsonMessages.invalid, fields };
}

export async function readJson<T>(
  request: Request,
  schema: z.ZodType<T>,
  maxBytes: number,
  explain: (field: string, issue: z.core.$ZodIssue) => string,
  /** The audience beacon also takes text/plain: what navigator.sendBeacon sends for a string (decision 028). */
  mimes: readonly string[] = ['application/json'],
): Promise<JsonRead<T>> {
  const refused = refusedBodyHeaders(request.headers.get('content-type'), request.headers.get('content-length'), maxBytes, mimes);
  if (refused) {
    drainBody(request);
    return fail(errorJson(refused.status, refused.message));
  }
  let bytes: Uint8Array | null;
  try {
    bytes = await readCappedBody(request, maxBytes);
  } catch {
    return fail(errorJson(400, jsonMessages.malformed));
  }
  if (bytes === null) return fail(errorJson(413, jsonMessages.tooLarge));
  const verdict = judgeJsonBytes(bytes, schema, explain);
  if (verdict.ok) return verdict;
  return fail(errorJson(400, verdict.message, verdict.fields));
}
