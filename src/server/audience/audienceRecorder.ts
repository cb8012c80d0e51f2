/**
 * Holds the beacons' counters in memory and writes them in batches (decision 028): a beacon costs a map
 * increment, never a database call, and every `flushSeconds` one statement per table adds the batch to the
 * day's rows (an upsert, so every process and node adds up). A failed write puts its batch back.
 */
import type { Database } from '../../db/client.ts';
import type { AudienceIncrements } from './audienceInput.ts';
import { audienceSettings } from './audienceSettings.ts';
import { rollUpAudience } from './audienceRollup.server.ts';
import { type AudienceBatch, purgeAudience, writeAudienceBatch } from './audienceStore.server.ts';

const SEP = '\u0000';

export interface AudienceRecorder {
  add: (increments: AudienceIncrements) => void;
  /** Writes what is pending (and purges and rolls up old days when due); resolves once written. */
  flush: (db: Database) => Promise<void>;
  /** Distinct counters waiting to be written. */
  pending: () => number;
}

function emptyBatch() {
  return { pages: new Map<string, [number, number]>(), sources: new Map<string, number>(), events: new Map<string, number>() };
}

export function createAudienceRecorder(options: { now?: () => Date } = {}): AudienceRecorder {
  const now = options.now ?? (() => new Date());
  let batch = emptyBatch();
  let lastPurge = 0;
  let writing: Promise<void> = Promise.resolve();

  const bump = <V>(map: Map<string, V>, key: string, update: (old: V | undefined) => V) => map.set(key, update(map.get(key)));
  const size = () => batch.pages.size + batch.sources.size + batch.events.size;

  function merge(into: ReturnType<typeof emptyBatch>, from: ReturnType<typeof emptyBatch>) {
    for (const [key, [views, visits]] of from.pages)
      bump(into.pages, key, (old): [number, number] => [(old?.[0] ?? 0) + views, (old?.[1] ?? 0) + visits]);
    for (const [key, hits] of from.sources) bump(into.sources, key, (old) => (old ?? 0) + hits);
    for (const [key, count] of from.events) bump(into.events, key, (old) => (old ?? 0) + count);
  }

  function toRows(taken: ReturnType<typeof emptyBatch>): AudienceBatch {
    return {
      pages: [...taken.pages].map(([key, [views, visits]]) => {
        const [day = '', path = ''] = key.split(SEP);
        return { day, path, views, visits };
      }),
      sources: [...taken.sources].map(([key, hits]) => {
        const [day = '', path = '', dimension = '', value = ''] = key.split(SEP);
        return { day, path, dimension, value, hits };
      }),
      events: [...taken.events].map(([key, count]) => {
        const [day = '', path = '', kind = '', subject = '', step = '0'] = key.split(SEP);
        return { day, path, kind, subject, step: Number(step), count };
      }),
    };
  }

  async function write(db: Database) {
    const taken = batch;
    batch = emptyBatch();
    if (taken.pages.size + taken.sources.size + taken.events.size > 0) {
      try {
        await writeAudienceBatch(db, toRows(taken));
      } catch (error) {
        merge(batch, taken);
        throw error;
      }
    }
    const at = now();
    if (at.getTime() - lastPurge >= audienceSettings.purgeEveryMs) {
      await purgeAudience(db, at, audienceSettings.retentionMonths);
      await rollUpAudience(db, at, audienceSettings.rollupAfterDays);
      lastPurge = at.getTime();
    }
  }

  return {
    // Once per beacon: the counters bumped in place, no closure or array made for each.
    add(increments) {
      const { day, path } = increments;
      if (increments.view) {
        const key = `${day}${SEP}${path}`;
        const page = batch.pages.get(key);
        const visit = increments.view.visit ? 1 : 0;
        if (page) {
          page[0] += 1;
          page[1] += visit;
        } else batch.pages.set(key, [1, visit]);
      }
      for (const source of increments.sources) {
        const key = `${day}${SEP}${path}${SEP}${source.dimension}${SEP}${source.value}`;
        batch.sources.set(key, (batch.sources.get(key) ?? 0) + 1);
      }
      for (const event of increments.events) {
        const key = `${day}${SEP}${path}${SEP}${event.kind}${SEP}${event.subject}${SEP}${event.step}`;
        batch.events.set(key, (batch.events.get(key) ?? 0) + 1);
      }
    },
    flush(db) {
      // One write at a time: a flush asked during another waits for it, then writes what came since.
      writing = writing.catch(() => {}).then(() => write(db));
      return writing;
    },
    pending: size,
  };
}

/** Flushes every `flushSeconds` (and early when the batch is full); the returned stop writes what is left. */
export function startAudienceFlushing(recorder: AudienceRecorder, db: Database, seconds: number): () => Promise<void> {
  const tick = () =>
    void recorder.flush(db).catch((error: unknown) => console.error('[audience] counters not written, kept for the next try', error));
  const timer = setInterval(tick, seconds * 1000);
  timer.unref?.();
  return async () => {
    clearInterval(timer);
    await recorder.flush(db).catch(() => {});
  };
}
