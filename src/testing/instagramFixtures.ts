/** For Instagram test files: a valid newsroom body of an Instagram post (its own post code each time). */
import type { InstagramPostDraftInput } from '../api/types.ts';

let next = 0;

export function instagramDraftBody(caption: string, extra: Partial<InstagramPostDraftInput> = {}): InstagramPostDraftInput {
  next++;
  return {
    caption,
    image: { url: '/media/svg/instagram/redaction.svg', alt: 'La rédaction en réunion, café à la main', width: 1080, height: 1080 },
    link: `https://www.instagram.com/p/Redac${Date.now().toString(36)}${next}/`,
    ...extra,
  };
}
