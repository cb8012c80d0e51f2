/**
 * The `cdn.purge` job (decision 032): purges its tags at the CDN, retried with back-off by the queue until
 * the CDN takes them. Every failure is written to the newsroom's journal (the audit log: « cdn.purge.failed »,
 * with the attempt and the CDN's status, never the token), and the success that follows failures too.
 */
import type { Database } from '../../db/client.ts';
import type { CdnPurgeConfig } from '../config/cdnPurgeConfig.ts';
import type { JobHandler } from '../jobs/jobKinds.ts';
import { audit } from '../newsroom/audit.server.ts';
import type { GuardedRequest, OutboundPolicy } from '../security/guardedFetch.ts';
import { purgeAtCdn } from './cdnPurge.ts';

export interface CdnJobDeps {
  db: Database;
  /** null: no CDN configured (any job left from when one was is done at once). */
  config: CdnPurgeConfig | null;
  policy: OutboundPolicy;
  now: () => Date;
  /** Tests map the CDN's name onto their loopback stub. */
  fetchOptions?: Pick<GuardedRequest, 'resolve' | 'agent'>;
}

export function cdnJobHandlers(deps: CdnJobDeps): { 'cdn.purge': JobHandler<'cdn.purge'> } {
  const journal = (action: string, detail: Record<string, unknown>) =>
    deps.db.transaction((tx) => audit(tx, null, { action, entity: 'cdn', detail }, deps.now()));
  return {
    'cdn.purge': async ({ tags }, job) => {
      if (!deps.config) return;
      const outcome = await purgeAtCdn(deps.config, tags, deps.policy, deps.fetchOptions);
      const attempt = job.retryCount + 1;
      if (outcome.ok) {
        if (job.retryCount > 0) await journal('cdn.purge.done', { cdn: deps.config.kind, attempt, tags: tags.length });
        return;
      }
      await journal('cdn.purge.failed', { cdn: deps.config.kind, attempt, tags: tags.length, problem: outcome.problem });
      throw new Error(`CDN purge of ${tags.length} tags: ${outcome.problem}`);
    },
  };
}
