/**
 * Checks shared by the formats whose fields are plain text and library images (mosaics, contests): one
 * French refusal naming the field, before anything is written. Readers' pages escape text, but HTML or a
 * script address pasted into a plain field is never what the editor meant.
 */
import type { Image } from '../../api/types.ts';
import { plainTextProblem } from './plainText.ts';
import { libraryImageMessage } from './libraryImage.ts';

/** A control character (but a line break where allowed): never typed on purpose. */
export function hasControl(value: string, lineBreaks: boolean): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code === 10 && lineBreaks) continue;
    if (code < 32 || code === 127) return true;
  }
  return false;
}

/** A French refusal for a plain text field (« Titre »), or null. */
export function plainFieldProblem(value: string, label: string, lineBreaks = false): string | null {
  const markup = plainTextProblem(value, `« ${label} »`);
  if (markup) return markup;
  if (hasControl(value, lineBreaks)) return `« ${label} » contient des caractères de contrôle.`;
  return null;
}

/** An image of the media library (a site path) with its alt text, trimmed; or a French refusal. */
export function libraryImageProblem(image: Image, label: string): string | null {
  if (!/^\/(?!\/)[^\s"'<>\\`]*$/.test(image.url)) return libraryImageMessage(label);
  const alt = image.alt.trim();
  if (alt === '') return `Le texte alternatif de ${label.toLowerCase()} est obligatoire.`;
  return plainFieldProblem(alt, `Texte alternatif de ${label.toLowerCase()}`);
}

/** The image as stored: alt trimmed, the focal point only when both coordinates are given. */
export function cleanImage(image: Image): Image {
  const { url, width, height, focalX, focalY } = image;
  return { url, alt: image.alt.trim(), width, height, ...(focalX !== undefined && focalY !== undefined ? { focalX, focalY } : {}) };
}
