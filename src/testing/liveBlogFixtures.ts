/** Bodies for « Direct » tests (issue 33): a live blog and an entry as the newsroom sends them. */
import type { LiveBlogEntryInput, LiveBlogInput } from '../api/types.ts';

export function liveBlogBody(title: string, extra: Partial<LiveBlogInput> = {}): LiveBlogInput {
  return {
    title,
    intro: 'La cérémonie minute par minute.',
    categorySlug: 'mode',
    mainImage: { url: '/media/svg/article/direct.svg', alt: 'Le tapis rouge', width: 1200, height: 800 },
    ...extra,
  };
}

export function entryBody(text: string, extra: Partial<LiveBlogEntryInput> = {}): LiveBlogEntryInput {
  return { doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] }, ...extra };
}
