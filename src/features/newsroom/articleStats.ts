/**
 * What the writer sees under the bar: the body's words and its reading time. Words are counted the way a
 * reader reads them (letters or digits, with inner apostrophes and hyphens: « aujourd’hui », « peut-être »
 * are one word each); the reading time assumes 230 words a minute, rounded, at least one minute for any text.
 */
import type { JSONContent } from '@tiptap/core';

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
export const WORDS_PER_MINUTE = 230;

/** The text of every block, blocks kept apart (two paragraphs never glue their edge words together). */
function texts(node: JSONContent, out: string[]): string[] {
  if (typeof node.text === 'string') out.push(node.text);
  for (const child of node.content ?? []) texts(child, out);
  // A block's end is a word boundary.
  out.push(' ');
  return out;
}

export function wordCount(doc: JSONContent): number {
  return texts(doc, []).join('').match(WORD)?.length ?? 0;
}

export function readingMinutes(words: number): number {
  return words === 0 ? 0 : Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** « 312 mots · 1 min de lecture » */
export function statsLabel(words: number): string {
  const count = `${words.toLocaleString('fr-FR')} mot${words > 1 ? 's' : ''}`;
  return words === 0 ? count : `${count} · ${readingMinutes(words)} min de lecture`;
}
