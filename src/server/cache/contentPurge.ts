/**
 * What every write readers can see does about caches (decision 032), in two halves:
 * - `record`, inside the write's transaction: with a CDN configured, the touched tags go into the
 *   `cdn_purge_tags` outbox and commit with the change (a process killed right after the commit loses no
 *   CDN purge); without a CDN nothing is written.
 * - `changed`, after the commit: the pages and API answers showing those tags are purged in this process at
 *   once and in the others by the broadcast (pageCacheInvalidation.ts), and a `cdn.drain` job is asked for,
 *   which purges what the outbox holds. Boot asks again when tags wait (cdnJobs.ts, startCdnPurge).
 */
import type { Database } from '../../db/client.ts';
import { notePurgeTags } from '../cdn/cdnPurgeOutbox.ts';
import type { CdnPurgeConfig } from '../config/cdnPurgeConfig.ts';
import { type ContentChangeRoutes, announceContentChanged } from '../http/pageCacheInvalidation.ts';
import type { JobQueue } from '../jobs/jobQueue.server.ts';
import { cacheTag, normaliseTags, type RecordPurge } from './cacheTags.ts';

export interface ContentPurgeDeps {
  routes: ContentChangeRoutes;
  cdn: CdnPurgeConfig | null;
  jobs: Pick<JobQueue, 'enqueue'>;
  /** The broadcast (tests replace it to watch what is announced). */
  announce?: (routes: ContentChangeRoutes, tags?: readonly string[]) => Promise<void>;
  log?: (line: string) => void;
}

export interface ContentPurge {
  /** In the write's transaction, last: notes `tags` (none: `site`, everything) for the CDN; nothing without one. */
  record: RecordPurge;
  /** After the commit: purges the page caches of every process and asks for the CDN's drain. */
  changed: (tags?: readonly string[]) => Promise<void>;
}

/** The tags a change is purged under at the CDN: its own, or `site` when none finer describes it. */
export function cdnTagsOf(tags?: readonly string[]): string[] {
  const list = tags ? normaliseTags(tags) : [];
  return list.length > 0 ? list : [cacheTag.site];
}

/** Asks for one drain of the outbox; the queue's `stately` policy keeps at most one waiting. */
export async function queueCdnDrain(jobs: Pick<JobQueue, 'enqueue'>): Promise<void> {
  await jobs.enqueue('cdn.drain', {}, { singletonKey: 'cdn' });
}

/** The in-transaction half alone (the import command, beside running servers whose sweep drains it). */
export function cdnPurgeRecorder(cdn: CdnPurgeConfig | null): RecordPurge {
  return async (tx: Database, tags?: readonly string[]) => {
    // No CDN, no row: nothing grows for a purge nobody will send.
    if (!cdn) return;
    await notePurgeTags(tx, cdnTagsOf(tags));
  };
}

export function createContentPurge(deps: ContentPurgeDeps): ContentPurge {
  const announce = deps.announce ?? announceContentChanged;
  const log = deps.log ?? ((line: string) => console.error(line));
  return {
    record: cdnPurgeRecorder(deps.cdn),
    changed: async (tags) => {
      await announce(deps.routes, tags);
      if (!deps.cdn) return;
      try {
        await queueCdnDrain(deps.jobs);
      } catch (error) {
        // The tags wait in their table: the next change, or the next start, asks again.
        log(`[cdn] could not queue a purge: ${(error as Error).message}`);
      }
    },
  };
}
