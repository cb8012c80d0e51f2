/**
 * The media library's multipart upload, bounded before and while it is read (a body larger than the
 * library accepts is refused with a 413 before a byte is parsed), then its fields checked, in French.
 */
import { drainBody, readCappedBody } from '../../http/requestBody.ts';
import { errorJson } from '../../http/responses.ts';

const uploadMessages = {
  type: "L'image ou le son doit être envoyé en multipart/form-data (champ « file »).",
  tooLarge: (max: number) => `Le fichier est trop lourd : ${Math.floor(max / (1024 * 1024))} Mo au plus.`,
  malformed: "Le formulaire d'envoi est mal formé.",
  file: 'Choisissez une image ou un son à envoyer (champ « file ») : le fichier est vide ou absent.',
  alt: "Le texte alternatif de l'image, ou la description du son, est obligatoire (300 caractères au plus).",
  focal: 'Le point focal a deux coordonnées (focalX et focalY), chacune de 0 à 1.',
} as const;

/** The multipart upload, bounded before and while it is read; then its fields, checked. */
export async function readUpload(
  request: Request,
  maxBytes: number,
): Promise<
  | { ok: true; value: { bytes: Uint8Array; alt: string; name: string | null; focalX: number | null; focalY: number | null } }
  | { ok: false; response: Response }
> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data;\s*boundary=/i.test(contentType)) {
    drainBody(request);
    return { ok: false, response: errorJson(415, uploadMessages.type) };
  }
  // The form's own fields and boundaries on top of the image.
  const cap = maxBytes + 64 * 1024;
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > cap) {
    drainBody(request);
    return { ok: false, response: errorJson(413, uploadMessages.tooLarge(maxBytes)) };
  }
  const body = await readCappedBody(request, cap);
  if (body === null) return { ok: false, response: errorJson(413, uploadMessages.tooLarge(maxBytes)) };
  let form: FormData;
  try {
    form = await new Request('http://upload.local/', { method: 'POST', headers: { 'content-type': contentType }, body }).formData();
  } catch {
    return { ok: false, response: errorJson(400, uploadMessages.malformed) };
  }
  const file = form.get('file');
  if (!(file instanceof Blob) || file.size === 0)
    return { ok: false, response: errorJson(400, uploadMessages.file, { file: uploadMessages.file }) };
  if (file.size > maxBytes) return { ok: false, response: errorJson(413, uploadMessages.tooLarge(maxBytes)) };
  const alt = typeof form.get('alt') === 'string' ? String(form.get('alt')).trim() : '';
  if (alt.length === 0 || alt.length > 300) return { ok: false, response: errorJson(400, uploadMessages.alt, { alt: uploadMessages.alt }) };
  const focal = (name: string): number | null | undefined => {
    const raw = form.get(name);
    if (raw === null || raw === '') return null;
    const value = typeof raw === 'string' && /^(0(\.\d+)?|1(\.0+)?)$/.test(raw.trim()) ? Number(raw) : Number.NaN;
    return Number.isNaN(value) ? undefined : value;
  };
  const focalX = focal('focalX');
  const focalY = focal('focalY');
  // Both coordinates or none: half a focal point means nothing to a crop.
  if (focalX === undefined || focalY === undefined || (focalX === null) !== (focalY === null))
    return { ok: false, response: errorJson(400, uploadMessages.focal, { focal: uploadMessages.focal }) };
  const name = file instanceof File ? file.name : null;
  return { ok: true, value: { bytes: new Uint8Array(await file.arrayBuffer()), alt, name, focalX, focalY } };
}
