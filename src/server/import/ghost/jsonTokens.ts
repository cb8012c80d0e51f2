/**
 * Bytes → JSON tokens, chunk by chunk, for the Ghost reader: the export is never held whole (a site
 * of ten years of posts is hundreds of megabytes). UTF-8 is decoded strictly here, before the
 * tokenizer, because stream-json's own decoder silently turns a bad byte into U+FFFD and the
 * import would then store mangled text without a word.
 */
import type { Readable } from 'node:stream';
import { getManyValues, isMany, none } from 'stream-chain/defs.js';
import { jsonParser, type Token } from 'stream-json/parser.js';
import { ImportFileError } from '../importModel.ts';

export type { Token };

/** Yields the tokens of one JSON document, a batch per chunk read (packed values only). */
export async function* jsonTokenBatches(bytes: Readable, what: string): AsyncGenerator<Token[]> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  // Flushed with stream-chain's `none` at the end, which its types do not declare.
  const tokenize = jsonParser({ streamValues: false }) as (input: string | typeof none) => unknown;
  let seenBytes = 0;
  let seenText = false;
  for await (const chunk of bytes as AsyncIterable<Uint8Array>) {
    seenBytes += chunk.length;
    const text = decode(decoder, chunk, what);
    if (text === '') continue;
    // A byte-order mark is legal in a file, not for the bare tokenizer.
    const clean = seenText ? text : text.replace(/^\uFEFF/, '');
    seenText = true;
    yield feed(() => tokenize(clean), what, false);
  }
  if (seenBytes === 0) throw new ImportFileError(`${what} est vide.`);
  decode(decoder, undefined, what);
  yield feed(() => tokenize(none), what, true);
}

function decode(decoder: TextDecoder, chunk: Uint8Array | undefined, what: string): string {
  try {
    return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
  } catch {
    throw new ImportFileError(`${what} n’est pas un texte UTF-8 valide (octets invalides).`);
  }
}

function feed(step: () => unknown, what: string, atEnd: boolean): Token[] {
  let out: unknown;
  try {
    out = step();
  } catch {
    // The tokenizer complains at the end only when a value was left open: the file was cut short.
    throw new ImportFileError(
      atEnd
        ? `${what} est tronqué : le JSON s’arrête au milieu (export interrompu ou copie incomplète).`
        : `${what} n’est pas du JSON valide.`,
    );
  }
  return isMany(out) ? (getManyValues(out) as Token[]) : [];
}
