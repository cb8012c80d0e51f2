/**
 * The newsroom's operations (openapi/magazine.yaml, tag Newsroom), one module per resource, composed here
 * with what they share. Every /api/admin call needs a session; every write also needs the session's CSRF
 * token in X-CSRF-Token (decision 011) and the role the action asks for (403 with a French sentence).
 */
import type { LiveSource } from '../../sources/liveSource.ts';
import type { ContentChanged, RecordPurge } from '../../cache/cacheTags.ts';
import { type AudienceRecorder, createAudienceRecorder } from '../../audience/audienceRecorder.ts';
import { audienceReportHandlers } from './audienceHandlers.ts';
import type { Database } from '../../../db/client.ts';
import type { NewsroomConfig } from '../../config/newsroomConfig.ts';
import type { TransportSecurity } from '../../config/transportSecurity.ts';
import { defaultClientIp } from '../../http/clientIp.ts';
import { createKeyRateLimiter, createRateLimiter } from '../../http/rateLimit.ts';
import type { SharedStore } from '../../http/sharedStore.ts';
import type { Clock } from '../clock.ts';
import type { MediaStorage } from '../mediaStorage.ts';
import { loadNewsroomSecret } from '../previewTokens.ts';
import { articleHandlers } from './articleHandlers.ts';
import { sourceSyncHandlers } from './sourceSyncHandlers.ts';
import { authorHandlers } from './authorHandlers.ts';
import { auditHandlers } from './auditHandlers.ts';
import { categoryHandlers } from './categoryHandlers.ts';
import { formatHandlers } from './formatHandlers.ts';
import { importHandlers } from './importHandlers.ts';
import { liveBlogHandlers } from '../../liveblog/liveBlogFormat.ts';
import { contestEntryHandlers } from './contestEntryHandlers.ts';
import { mediaHandlers } from './mediaHandlers.ts';
import { previewHandlers } from './previewHandlers.ts';
import { redirectHandlers } from './redirectHandlers.ts';
import { bestofHandlers } from './bestofHandlers.ts';
import { type IssueHandlerDeps, newsletterIssueHandlers } from './newsletterIssueHandlers.ts';
import { surveyHandlers } from './surveyHandlers.ts';
import type { NewsroomDeps } from './newsroomHttp.ts';
import { passwordResetHandlers } from './passwordResetHandlers.ts';
import { sessionHandlers } from './sessionHandlers.ts';
import { shoppingHandlers } from './shoppingHandlers.ts';
import { staffHandlers } from './staffHandlers.ts';

export interface NewsroomOptions {
  /** The newsroom's settings, read once with the server's configuration. */
  config: NewsroomConfig;
  /** HTTPS and TRUST_PROXY: secure cookies, the client's address. */
  transport: TransportSecurity;
  clock: Clock;
  /** The shared store of rate limits (memory or Redis), built once at boot. */
  store: SharedStore;
  clientIp?: (request: Request) => string;
  /** Called after a write that readers can see (purge pages showing `tags`, all without; tell other processes). */
  contentChanged?: ContentChanged;
  /** CONTENT_SOURCE=ghost|wordpress: where a source article is edited (issue 35). */
  sourceEditUrl?: (sourceId: string) => string | null;
  /** Called in the transaction of such a write: records its CDN purge (decision 032); none: nothing recorded. */
  recordPurge?: RecordPurge;
  liveSource?: { kind: 'ghost' | 'wordpress'; label: 'Ghost' | 'WordPress' };
  /** The live source, for its drafts' previews. */
  draftSource?: LiveSource;
  /** Where uploaded media go (MEDIA_DIR or S3), built once with the configuration. */
  storage: MediaStorage;
  /** The newsletter's issues: the queue, the mail's renderer, the site's address. Without it they answer 503. */
  issues?: IssueHandlerDeps;
  /** The job queue (imports). Without it, starting an import answers 503. */
  jobs?: IssueHandlerDeps['jobs'];
  /** The audience beacons' counters, written before the Audience page reads them (decision 028). */
  audience?: AudienceRecorder;
}

/** For tables composed without the newsletter's sending (tests of other parts): a clear refusal, not a crash. */
const issuesUnavailable: IssueHandlerDeps = {
  jobs: {
    enqueue: async () => {
      throw Object.assign(new Error('no job queue here'), { code: 'ECONNREFUSED' });
    },
  },
  render: async () => {
    throw Object.assign(new Error('no mail renderer here'), { code: 'ECONNREFUSED' });
  },
  siteUrl: 'http://localhost:3000',
};

export function newsroomHandlers(options: NewsroomOptions) {
  const { config, transport } = options;
  let secret: Promise<string> | null = null;
  const deps: NewsroomDeps = {
    config,
    clock: options.clock,
    transport,
    rateLimited: createRateLimiter(options.store, options.clientIp ?? defaultClientIp(transport.trustProxy)),
    loginPerMinute: config.loginPerMinute,
    rateLimitedKey: createKeyRateLimiter(options.store),
    storage: options.storage,
    siteOrigin: config.siteOrigin,
    testClock: config.testClock,
    secretOf: (db: Database) => {
      secret ??= loadNewsroomSecret(db, config.secret ?? undefined);
      return secret;
    },
    changed: async (tags) => {
      await options.contentChanged?.(tags);
    },
    ...(options.sourceEditUrl ? { sourceEditUrl: options.sourceEditUrl } : {}),
    recordPurge: options.recordPurge ?? (async () => {}),
    ...(options.liveSource ? { liveSource: options.liveSource } : {}),
    ...(options.draftSource ? { draftSource: options.draftSource } : {}),
  };
  return {
    ...sessionHandlers(deps),
    ...staffHandlers(deps),
    ...passwordResetHandlers(deps, options.jobs ?? issuesUnavailable.jobs),
    ...articleHandlers(deps),
    ...sourceSyncHandlers(deps),
    ...categoryHandlers(deps),
    ...authorHandlers(deps),
    ...mediaHandlers(deps),
    ...previewHandlers(deps),
    ...auditHandlers(deps),
    ...redirectHandlers(deps),
    ...bestofHandlers(deps),
    ...surveyHandlers(deps),
    ...formatHandlers(deps),
    ...shoppingHandlers(deps),
    ...liveBlogHandlers(deps),
    ...contestEntryHandlers(deps, {
      jobs: options.jobs ?? issuesUnavailable.jobs,
      siteUrl: options.issues?.siteUrl ?? issuesUnavailable.siteUrl,
    }),
    ...newsletterIssueHandlers(deps, options.issues ?? issuesUnavailable),
    ...importHandlers(deps, options.jobs ?? issuesUnavailable.jobs),
    ...audienceReportHandlers(deps, options.audience ?? createAudienceRecorder()),
  };
}
