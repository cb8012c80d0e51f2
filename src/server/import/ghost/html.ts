/**
 * The few HTML helpers the Ghost body renderers share. Every text and attribute from the export is
 * escaped here: the result is only a carrier to htmlToDoc, which keeps what it allows.
 */
import { escapeAttribute, escapeText } from 'entities';

export function text(value: unknown): string {
  return typeof value === 'string' ? escapeText(value) : '';
}

export function attr(value: unknown): string {
  return typeof value === 'string' ? escapeAttribute(value) : '';
}

/** `<tag>inner</tag>`, nothing when the inner HTML is empty. */
export function wrap(tag: string, inner: string): string {
  return inner === '' ? '' : `<${tag}>${inner}</${tag}>`;
}

/** A figure for an image, with its caption (Ghost stores captions as HTML: kept for htmlToDoc). */
export function figure(src: unknown, alt: unknown, caption: unknown): string {
  if (typeof src !== 'string' || src === '') return '';
  const img = `<img src="${attr(src)}" alt="${attr(alt)}">`;
  const cap = typeof caption === 'string' && caption !== '' ? `<figcaption>${caption}</figcaption>` : '';
  return `<figure>${img}${cap}</figure>`;
}

/** A paragraph linking to a URL (bookmarks and embeds: the editor has no place for their widgets). */
export function linkParagraph(url: unknown, title: unknown): string {
  if (typeof url !== 'string' || url === '') return '';
  const label = typeof title === 'string' && title.trim() !== '' ? title : url;
  return `<p><a href="${attr(url)}">${text(label)}</a></p>`;
}

/** Markdown kept as its text, a paragraph per block (htmlToDoc has no Markdown; the words survive). */
export function markdownParagraphs(markdown: unknown): string {
  if (typeof markdown !== 'string') return '';
  return markdown
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block) => `<p>${text(block).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
