/**
 * Walks the token stream of a Ghost export (`{"db":[{"meta":{…},"data":{"posts":[…],…}}]}`) and
 * assembles one table row at a time: only the rows the caller wants become objects, the others are
 * counted and dropped token by token, so a pass over the posts' bodies costs one post of memory.
 * Only `db[0]` is read: Ghost writes a single database there.
 */
import type { Readable } from 'node:stream';
import Assembler from 'stream-json/assembler.js';
import { jsonTokenBatches, type Token } from './jsonTokens.ts';

export type GhostItem =
  | { kind: 'meta'; meta: unknown }
  | { kind: 'row'; table: string; row: unknown }
  | { kind: 'skippedRow'; table: string }
  /** Last item: whether `db[0].data` was an object (else the file is not a Ghost export). */
  | { kind: 'end'; hasData: boolean };

interface Frame {
  array: boolean;
  /** The key (object) or the index (array) of the value being read in this container. */
  slot: string | number;
}

/** Batches of rows, in file order, with `meta` wherever the file puts it. */
export async function* ghostRowBatches(bytes: Readable, what: string, wants: (table: string) => boolean): AsyncGenerator<GhostItem[]> {
  const frames: Frame[] = [];
  let assembler: Assembler | null = null;
  /** What the assembled value is: `meta`, or a row of this table. */
  let assembling: { table: string | null } = { table: null };
  /** Depth of a row being skipped (tokens dropped until it closes), 0 when none. */
  let skipDepth = 0;
  let hasData = false;

  for await (const tokens of jsonTokenBatches(bytes, what)) {
    const items: GhostItem[] = [];
    for (const token of tokens) {
      if (assembler) {
        assembler.consume(token);
        if (assembler.done) {
          items.push(
            assembling.table === null
              ? { kind: 'meta', meta: assembler.current }
              : { kind: 'row', table: assembling.table, row: assembler.current },
          );
          assembler = null;
        }
        continue;
      }
      if (skipDepth > 0) {
        if (token.name === 'startObject' || token.name === 'startArray') skipDepth++;
        else if (token.name === 'endObject' || token.name === 'endArray') skipDepth--;
        continue;
      }
      if (token.name === 'keyValue') {
        const top = frames.at(-1);
        if (top) top.slot = token.value;
        continue;
      }
      if (token.name === 'endObject' || token.name === 'endArray') {
        frames.pop();
        continue;
      }
      // A value starts here: where is it?
      const top = frames.at(-1);
      if (top?.array) top.slot = (top.slot as number) + 1;
      const place = where(frames);
      const opens = token.name === 'startObject' || token.name === 'startArray';
      if (place.kind === 'row') {
        if (wants(place.table)) {
          assembler = new Assembler();
          assembling = { table: place.table };
          assembler.consume(token);
          if (assembler.done) {
            items.push({ kind: 'row', table: place.table, row: assembler.current });
            assembler = null;
          }
        } else {
          items.push({ kind: 'skippedRow', table: place.table });
          if (opens) skipDepth = 1;
        }
        continue;
      }
      if (place.kind === 'meta' && token.name === 'startObject') {
        assembler = new Assembler();
        assembling = { table: null };
        assembler.consume(token);
        continue;
      }
      if (place.kind === 'data' && token.name === 'startObject') hasData = true;
      if (opens && place.kind !== 'elsewhere') frames.push({ array: token.name === 'startArray', slot: -1 });
      else if (opens) skipDepth = 1;
    }
    if (items.length > 0) yield items;
  }
  yield [{ kind: 'end', hasData }];
}

type Place = { kind: 'root' | 'db' | 'db0' | 'data' | 'meta' | 'table' | 'elsewhere' } | { kind: 'row'; table: string };

/** Names the place of the value about to start, from the open containers' slots. */
function where(frames: Frame[]): Place {
  const path = frames.map((f) => f.slot);
  switch (path.length) {
    case 0:
      return { kind: 'root' };
    case 1:
      return path[0] === 'db' && !frames[0]?.array ? { kind: 'db' } : { kind: 'elsewhere' };
    case 2:
      return path[1] === 0 ? { kind: 'db0' } : { kind: 'elsewhere' };
    case 3:
      if (path[2] === 'meta') return { kind: 'meta' };
      return path[2] === 'data' ? { kind: 'data' } : { kind: 'elsewhere' };
    case 4:
      return path[2] === 'data' && typeof path[3] === 'string' ? { kind: 'table' } : { kind: 'elsewhere' };
    case 5:
      return path[2] === 'data' && typeof path[3] === 'string' && frames[4]?.array
        ? { kind: 'row', table: path[3] }
        : { kind: 'elsewhere' };
    default:
      return { kind: 'elsewhere' };
  }
}

export type { Token };
