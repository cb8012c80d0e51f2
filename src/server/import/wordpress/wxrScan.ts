/**
 * The WXR file, streamed: bytes → strict UTF-8 → saxes → one record per author, category, tag and item of
 * the channel. Only the record being read is in memory, and the generator reads the next chunk only when
 * its records are taken: a large export never sits whole in memory.
 *
 * What is refused, each with one French sentence: an empty file, a file that is not XML (JSON…), bytes that
 * are not UTF-8, any DOCTYPE (entity bombs and external entities live there, and WordPress never writes
 * one), another declared encoding, XML that is not well-formed or stops short, a root that is not `<rss>`.
 * Entity references other than XML's five are errors for saxes, never expanded.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { SaxesParser } from 'saxes';
import { ImportFileError } from '../importModel.ts';

/** An `<item>`: its direct fields' text, its `<category>` terms, its post meta, its comments' ids. */
export interface WxrItem {
  fields: Map<string, string>;
  terms: { domain: string; nicename: string; name: string }[];
  meta: Map<string, string>;
  commentIds: string[];
}

export type WxrRecord =
  | { type: 'channel'; name: string; text: string }
  | { type: 'author' | 'category' | 'tag'; fields: Map<string, string> }
  | { type: 'item'; item: WxrItem };

const RECORDS = new Set(['wp:author', 'wp:category', 'wp:tag', 'item']);
const CHUNK = 64 * 1024;
/** Channel fields we read are short (a version, an address): a longer one is cut. */
const MAX_CHANNEL_FIELD = 10_000;

function malformed(line: number, detail: string): ImportFileError {
  return new ImportFileError(`Le fichier XML est mal formé ou incomplet (ligne ${line}) : ce n’est pas un export WordPress lisible.`, {
    cause: detail,
  });
}

export async function* scanWxr(file: string): AsyncGenerator<WxrRecord> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new ImportFileError('Le fichier d’export est introuvable.');
  if (info.size === 0) throw new ImportFileError('Le fichier est vide (0 octet) : ce n’est pas un export WordPress.');

  const parser = new SaxesParser({ xmlns: false, position: true });
  const out: WxrRecord[] = [];
  const stack: string[] = [];
  let failure: ImportFileError | null = null;
  const fail = (error: ImportFileError) => {
    // saxes goes on after a handler's error: keep the first one, it is the one to tell.
    failure ??= error;
    throw failure;
  };

  let record: { type: 'author' | 'category' | 'tag' | 'item'; fields: Map<string, string>; item: WxrItem } | null = null;
  let buffer: string[] | null = null;
  let metaKey = '';
  let metaValue = '';
  let term: { domain: string; nicename: string } | null = null;

  parser.on('error', (error) => fail(malformed(parser.line, error.message)));
  parser.on('doctype', () =>
    fail(new ImportFileError('Le fichier contient une déclaration DOCTYPE, refusée par sécurité : un export WordPress n’en a pas.')),
  );
  parser.on('xmldecl', (decl) => {
    if (decl.encoding && !/^utf-?8$/i.test(decl.encoding)) {
      fail(new ImportFileError(`Le fichier est déclaré en ${decl.encoding.slice(0, 30)} : seul l’UTF-8 est pris en charge.`));
    }
  });
  const text = (value: string) => {
    if (buffer) buffer.push(value);
  };
  parser.on('text', text);
  parser.on('cdata', text);
  parser.on('opentag', (tag) => {
    stack.push(tag.name);
    const depth = stack.length;
    if (depth === 1 && tag.name !== 'rss') {
      fail(
        new ImportFileError(
          `Ce fichier XML n’est pas un export WordPress (WXR) : il commence par « ${tag.name.slice(0, 40)} » au lieu de « rss ».`,
        ),
      );
    }
    if (depth === 2 && tag.name !== 'channel') return;
    if (depth === 3 && stack[1] === 'channel') {
      if (RECORDS.has(tag.name)) {
        const type = tag.name === 'item' ? 'item' : (tag.name.slice(3) as 'author' | 'category' | 'tag');
        record = { type, fields: new Map(), item: { fields: new Map(), terms: [], meta: new Map(), commentIds: [] } };
      } else buffer = [];
      return;
    }
    if (!record) return;
    if (depth === 4) {
      buffer = [];
      if (record.type === 'item' && tag.name === 'category') {
        const attrs = tag.attributes as Record<string, string>;
        term = { domain: attrs.domain ?? '', nicename: attrs.nicename ?? '' };
      }
      if (tag.name === 'wp:postmeta') {
        metaKey = '';
        metaValue = '';
      }
      // A comment's text is not kept, only that it was there (comments are not imported).
      if (tag.name === 'wp:comment') buffer = null;
    } else if (depth === 5 && (stack[3] === 'wp:postmeta' || (stack[3] === 'wp:comment' && tag.name === 'wp:comment_id'))) {
      buffer = [];
    }
  });
  parser.on('closetag', (tag) => {
    const depth = stack.length;
    stack.pop();
    if (depth === 3 && stack[1] === 'channel') {
      if (record) {
        out.push(record.type === 'item' ? { type: 'item', item: record.item } : { type: record.type, fields: record.fields });
        record = null;
      } else if (buffer) {
        out.push({ type: 'channel', name: tag.name, text: buffer.join('').trim().slice(0, MAX_CHANNEL_FIELD) });
      }
      buffer = null;
      return;
    }
    if (!record) return;
    const value = buffer ? buffer.join('') : '';
    if (depth === 4) {
      buffer = null;
      if (record.type !== 'item') record.fields.set(tag.name, value);
      else if (tag.name === 'category' && term) {
        record.item.terms.push({ ...term, name: value.trim() });
        term = null;
      } else if (tag.name === 'wp:postmeta') {
        if (metaKey) record.item.meta.set(metaKey, metaValue);
      } else if (tag.name !== 'wp:comment' && !record.item.fields.has(tag.name)) record.item.fields.set(tag.name, value);
    } else if (depth === 5) {
      buffer = null;
      if (stack[3] === 'wp:postmeta') {
        if (tag.name === 'wp:meta_key') metaKey = value.trim();
        else if (tag.name === 'wp:meta_value') metaValue = value;
      } else if (stack[3] === 'wp:comment' && tag.name === 'wp:comment_id') record.item.commentIds.push(value.trim());
    }
  });

  const decoder = new TextDecoder('utf-8', { fatal: true });
  const stream = createReadStream(file, { highWaterMark: CHUNK });
  let offset = 0;
  let started = false;
  const feed = (chunk: string) => {
    let textChunk = chunk;
    if (!started) {
      const trimmed = textChunk.replace(/^[\s\uFEFF]+/, '');
      if (trimmed === '') return;
      if (!trimmed.startsWith('<')) {
        throw new ImportFileError('Ce fichier n’est pas un fichier XML (un export WordPress au format WXR est attendu).');
      }
      started = true;
      textChunk = trimmed;
    }
    parser.write(textChunk);
  };
  try {
    for await (const bytes of stream) {
      const chunk = bytes as Buffer;
      let decoded: string;
      try {
        decoded = decoder.decode(chunk, { stream: true });
      } catch {
        throw new ImportFileError(`Le fichier n’est pas en UTF-8 valide (octets invalides vers l’octet ${offset + chunk.length}).`);
      }
      offset += chunk.length;
      feed(decoded);
      if (out.length > 0) yield* out.splice(0);
    }
    let rest: string;
    try {
      rest = decoder.decode();
    } catch {
      throw new ImportFileError('Le fichier n’est pas en UTF-8 valide (il s’arrête au milieu d’un caractère).');
    }
    feed(rest);
    if (!started) throw new ImportFileError('Le fichier est vide : ce n’est pas un export WordPress.');
    parser.close();
    if (out.length > 0) yield* out.splice(0);
  } catch (error) {
    if (error instanceof ImportFileError) throw failure ?? error;
    throw failure ?? error;
  } finally {
    stream.destroy();
  }
}
