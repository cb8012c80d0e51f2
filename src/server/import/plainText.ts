/**
 * One line of plain text from a source's field (a WordPress title may hold `<em>` and `&amp;`): tags
 * removed, entities decoded, control characters and runs of spaces gone. What readers see is text only.
 */
import { decodeHTML } from 'entities';

export function plainText(value: string | null | undefined): string {
  if (!value) return '';
  return (
    decodeHTML(value.replace(/<[^>]*>?/g, ' '))
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\u0000-\u001f\u007f-\u009f\u200b\ufeff]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
