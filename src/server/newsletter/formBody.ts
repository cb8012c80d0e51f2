/**
 * Reads a small form body defensively: the content type first (415), the declared length (413 before a
 * byte is read), then the stream with a hard cap (413 as soon as it is crossed, the rest drained unread),
 * then the parse (400 for a broken multipart body, invalid UTF-8, a file, a repeated field).
 */
import { drainBody, readCappedBody } from '../http/requestBody.ts';
import { errorJson } from '../http/responses.ts';

export type FormFields = Map<string, string>;

export type FormRead = { ok: true; fields: FormFields } | { ok: false; response: Response };

export const formMessages = {
  tooLarge: 'Le formulaire envoyé est trop volumineux.',
  unsupported: 'Le formulaire doit être envoyé en multipart/form-data ou application/x-www-form-urlencoded.',
  malformed: 'Le formulaire envoyé est mal formé.',
  file: 'Le formulaire ne doit pas contenir de fichier.',
  repeated: (name: string) => `Le champ « ${name} » ne doit apparaître qu'une fois.`,
  tooManyFields: 'Le formulaire contient trop de champs.',
} as const;

const MAX_FIELDS = 32;

type Kind = 'multipart' | 'urlencoded';

function kindOf(contentType: string | null): Kind | null {
  const mime = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  if (mime === 'multipart/form-data') return 'multipart';
  if (mime === 'application/x-www-form-urlencoded') return 'urlencoded';
  return null;
}

const fail = (response: Response): FormRead => ({ ok: false, response });

function collect(entries: Iterable<[string, FormDataEntryValue]>): FormRead {
  const fields: FormFields = new Map();
  let count = 0;
  for (const [name, value] of entries) {
    if (++count > MAX_FIELDS) return fail(errorJson(400, formMessages.tooManyFields));
    if (typeof value !== 'string') return fail(errorJson(400, formMessages.file, { [name]: formMessages.file }));
    if (fields.has(name)) {
      const message = formMessages.repeated(name);
      return fail(errorJson(400, message, { [name]: message }));
    }
    fields.set(name, value);
  }
  return { ok: true, fields };
}

export async function readForm(request: Request, maxBytes: number): Promise<FormRead> {
  const contentType = request.headers.get('content-type');
  const kind = kindOf(contentType);
  if (kind === null) {
    drainBody(request);
    return fail(errorJson(415, formMessages.unsupported));
  }
  const declared = request.headers.get('content-length');
  if (declared !== null) {
    if (!/^\d{1,15}$/.test(declared.trim())) {
      drainBody(request);
      return fail(errorJson(400, formMessages.malformed));
    }
    if (Number(declared) > maxBytes) {
      drainBody(request);
      return fail(errorJson(413, formMessages.tooLarge));
    }
  }
  let bytes: Uint8Array<ArrayBuffer> | null;
  try {
    bytes = await readCappedBody(request, maxBytes);
  } catch {
    return fail(errorJson(400, formMessages.malformed));
  }
  if (bytes === null) return fail(errorJson(413, formMessages.tooLarge));

  if (kind === 'urlencoded') {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return fail(errorJson(400, formMessages.malformed));
    }
    return collect(new URLSearchParams(text));
  }
  // Multipart: the platform parser, on bytes we already hold (never on an unbounded stream).
  if (!/;\s*boundary=/i.test(contentType ?? '')) return fail(errorJson(400, formMessages.malformed));
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': contentType ?? '' } }).formData();
  } catch {
    return fail(errorJson(400, formMessages.malformed));
  }
  return collect(form.entries());
}
