/**
 * What every write readers can see ends with (decision 032): the pages and API answers showing the touched
 * tags are purged in this process at once and in the others by the broadcast (pageCacheInvalidation.ts),
 * and, with a CDN configured, one durable `cdn.purge` job is queued for its copies.
 */
import type { CdnPurgeConfig } from '../config/cdnPurgeConfig.ts';
import { type ContentChangeRoutes, announceContentChanged } from '../http/pageCacheInvalidation.ts';
import type { JobQueue } from '../jobs/jobQueue.server.ts';
import { cacheTag, normaliseTags } from './cacheTags.ts';

export interface ContentPurgeDeps {
  routes: ContentChangeRoutes;
  cdn: CdnPurgeConfig | null;
  jobs: Pick<JobQueue, 'enqueue'>;
  /** The broadcast (tests replace it to watch what is announced). */
  announce?: (routes: ContentChangeRoutes, tags?: readonly string[]) => Promise<void>;
}

export function createContentPurge(deps: ContentPurgeDeps): (tags?: readonly string[]) => Promise<void> {
  const announce = deps.announce ?? announceContentChanged;
  return async (tags) => {
    await announce(deps.routes, tags);
    if (!deps.cdn) return;
    // A change without tags is described by none finer than `site`, which every answer carries.
    const purged = tags ? normaliseTags(tags) : [cacheTag.site];
    try {
      if (purged.length > 0) await deps.jobs.enqueue('cdn.purge', { tags: purged });
    } catch (error) {
      console.error('[cdn] could not queue the purge of', purged.join(' '), (error as Error).message);
    }
  };
}
