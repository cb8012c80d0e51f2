/**
 * Turns what a reader typed into the words of a French full-text query. Pure: no database.
 * Words are letters and digits only, so they can never inject tsquery syntax.
 */
import { appConfig } from '../../../app.config.ts';

/** Elided articles and pronouns (l’, d’, qu’, j’…): never worth searching on their own. */
const ELISIONS = new Set(['l', 'd', 'j', 'm', 'n', 's', 't', 'c', 'qu', 'jusqu', 'lorsqu', 'puisqu', 'quoiqu']);
const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 40;

export interface SearchTerms {
  /** The query as typed, trimmed and normalised (for exact title matches and similarity). */
  text: string;
  /** Whole words, all required. */
  words: string[];
  /** The last word, matched as a prefix while the reader is still typing. */
  prefix: string | null;
}

export function normaliseQuery(raw: string): string {
  return (
    raw
      .normalize('NFC')
      // Control characters (NUL above all) are not text, and PostgreSQL refuses NUL in a string.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/[’ʼ‘`´]/g, "'")
      .replace(/\s+/g, ' ')
      .trim()
  );
}

export function parseSearchTerms(raw: string): SearchTerms {
  const text = normaliseQuery(raw).slice(0, appConfig.search.maxQueryLength);
  const tokens = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token.length > 0 && !ELISIONS.has(token))
    .map((token) => token.slice(0, MAX_WORD_LENGTH))
    .slice(0, MAX_WORDS);
  const endsWithSeparator = /[^\p{L}\p{N}]$/u.test(text);
  // The last part of a compound ('week-end', 'bien-être') is a whole word: as a prefix, 'end:*'
  // would match hundreds of words for nothing.
  const endsCompound = /-[\p{L}\p{N}]+$/u.test(text);
  if (tokens.length === 0) return { text, words: [], prefix: null };
  if (endsWithSeparator || endsCompound) return { text, words: tokens, prefix: null };
  return { text, words: tokens.slice(0, -1), prefix: tokens[tokens.length - 1] ?? null };
}

/**
 * The to_tsquery() source: 'robe & ete & automn:*'; with `weights` ('A', 'AB') every word must
 * appear in those parts ('robe:A & automn:*A'). Empty when nothing searchable was typed.
 */
export function toTsQuerySource(terms: SearchTerms, weights = ''): string {
  const parts = terms.words.map((word) => (weights ? `${word}:${weights}` : word));
  if (terms.prefix) parts.push(`${terms.prefix}:*${weights}`);
  return parts.join(' & ');
}
