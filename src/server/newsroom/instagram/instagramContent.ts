/**
 * An Instagram post's fields as the newsroom sends them, checked and normalised (pure: no database): a
 * plain-text caption (no HTML reaches a reader's page), an image of the site with its alternative text, and
 * a link that is an https address on instagram.com (never `javascript:`, `data:` or a plain http address).
 */
import type { Image, InstagramPostDraftInput } from '../../../api/types.ts';
import { type NewsroomResult, refused } from '../newsroomResult.ts';
import { libraryImageMessage } from '../libraryImage.ts';
import { hasControl } from '../plainFields.ts';

export interface CheckedInstagramPost {
  caption: string;
  image: Image;
  link: string;
}

export const INSTAGRAM_LABELS = {
  caption: 'Légende',
  image: 'Image',
  alt: "Texte alternatif de l'image",
  link: 'Lien du post',
} as const;

/** A tag, a comment or a doctype, or an HTML entity: what makes text HTML. Plain "<3" stays text. */
const HTML = /<\s*[a-zA-Z!/?]|&#?[a-zA-Z0-9]+;/;

/** An https address on instagram.com (or a subdomain), nothing that could break out of an attribute. */
export function isInstagramLink(value: string): boolean {
  if (/[\s"'<>\\`]/.test(value)) return false;
  try {
    const url = new URL(value);
    const host = url.hostname.toLowerCase();
    return (
      url.protocol === 'https:' &&
      url.username === '' &&
      url.password === '' &&
      (host === 'instagram.com' || host.endsWith('.instagram.com'))
    );
  } catch {
    return false;
  }
}

/** The post's code in its address (/p/{code}/, /reel/{code}/), when it has one. */
export function shortcodeOf(link: string): string | null {
  try {
    const match = /^\/(?:p|reel|tv)\/([A-Za-z0-9_-]{5,64})\/?$/.exec(new URL(link).pathname);
    return match?.[1] ?? null;
  } catch {
    return null;
  }
}

export function checkInstagramInput(input: InstagramPostDraftInput): NewsroomResult<CheckedInstagramPost> {
  const caption = input.caption.trim().replace(/\r\n?/g, '\n');
  const link = input.link.trim();
  const alt = input.image.alt.trim();
  if (caption === '') return refused.bad('La légende du post est obligatoire.', 'caption');
  if (alt === '') return refused.bad("Le texte alternatif de l'image est obligatoire.", 'image.alt');
  for (const [field, value, lineBreaks] of [
    ['caption', caption, true],
    ['image.alt', alt, false],
  ] as const) {
    const label = field === 'caption' ? INSTAGRAM_LABELS.caption : INSTAGRAM_LABELS.alt;
    if (HTML.test(value)) return refused.bad(`« ${label} » ne peut pas contenir de HTML : écrivez du texte simple.`, field);
    if (hasControl(value, lineBreaks)) return refused.bad(`« ${label} » contient des caractères de contrôle.`, field);
  }
  if (!isInstagramLink(link)) {
    return refused.bad(
      '« Lien du post » doit être une adresse https://www.instagram.com/… ; « javascript: », « data: », « http: » et les autres sites sont refusés.',
      'link',
    );
  }
  if (!/^\/(?!\/)[^\s"'<>\\`]*$/.test(input.image.url)) {
    return refused.bad(libraryImageMessage("L'image"), 'image.url');
  }
  const { url, width, height, focalX, focalY } = input.image;
  const image: Image = { url, alt, width, height, ...(focalX !== undefined && focalY !== undefined ? { focalX, focalY } : {}) };
  return { ok: true, value: { caption, image, link } };
}
