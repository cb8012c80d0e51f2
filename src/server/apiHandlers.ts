/**
 * The API's one table: every operation of the contract (operationId) with its handler, from each domain.
 * Typed as ApiHandlers, so an operation added to the contract without a handler fails the type check;
 * createApiHandler checks it again at start, and apiHandlers.test.ts in the tests.
 */
import { type AudienceRecorder, createAudienceRecorder } from './audience/audienceRecorder.ts';
import { audienceBeaconHandlers } from './audience/audienceRoutes.ts';
import type { RecordPurge } from './cache/cacheTags.ts';
import type { JobQueue } from './jobs/jobQueue.server.ts';
import type { ApiHandlers } from './http/apiTypes.ts';
import { contentHandlers } from './http/contentApi.ts';
import type { SharedStore } from './http/sharedStore.ts';
import { consentHandlers } from './consent/consentRoutes.ts';
import { contestEntryHandlers } from './contests/contestEntryRoutes.ts';
import type { IssueMailRenderer } from './newsletter/issues/issueMailTypes.ts';
import type { NewsletterConfig } from './config/newsletterConfig.ts';
import type { ServerConfig } from './config/serverConfig.ts';
import { newsletterHandlers } from './newsletter/newsletterRoutes.ts';
import type { Clock } from './newsroom/clock.ts';
import { newsroomHandlers } from './newsroom/http/newsroomHandlers.ts';
import type { MediaStorage } from './newsroom/mediaStorage.ts';
import { popinSurveyHandlers } from './popinSurvey/popinSurveyRoutes.ts';
import { pushHandlers } from './push/pushRoutes.ts';
import type { LiveSource } from './sources/liveSource.ts';
import { type SourceChangeSink, sourceWebhookHandlers } from './sources/sourceWebhookRoutes.ts';
import { sourceEditUrl } from './config/contentSourceConfig.ts';

export interface ApiDeps {
  /** The server's configuration, read once at boot: each domain takes its part. */
  settings: Pick<ServerConfig, 'push' | 'newsroom' | 'transport'> & Partial<Pick<ServerConfig, 'contentSource'>>;
  config: NewsletterConfig;
  jobs: Pick<JobQueue, 'enqueue'>;
  /** The one store of rate limits and spent captchas (memory, or Redis with REDIS_URL). */
  store: SharedStore;
  /** The one media storage (MEDIA_DIR or S3). */
  storage: MediaStorage;
  clock: Clock;
  contentChanged: (tags?: readonly string[]) => Promise<void>;
  /** In the transaction of such a write: records its CDN purge (decision 032). */
  recordPurge?: RecordPurge;
  /** The newsletter issue's mail (React Email, handed over by the composition root: decision 017). */
  renderIssueMail?: IssueMailRenderer;
  /** The audience counters held before their batch is written (boot flushes them on a timer; decision 028). */
  audience?: AudienceRecorder;
  /** The live source and its sync (CONTENT_SOURCE=ghost|wordpress), for the source's webhook; absent: piquante. */
  sources?: { source: LiveSource | null; sync: SourceChangeSink | null };
}

export function composeApiHandlers(deps: ApiDeps): ApiHandlers {
  const { settings, config, jobs, store, storage, clock, contentChanged, recordPurge, renderIssueMail } = deps;
  const { trustProxy } = settings.transport;
  const audience = deps.audience ?? createAudienceRecorder();
  const issues = renderIssueMail ? { jobs, render: renderIssueMail, siteUrl: config.siteUrl } : undefined;
  return {
    ...contentHandlers,
    ...newsletterHandlers({ config, trustProxy, jobs, store }),
    ...contestEntryHandlers({ config, trustProxy, jobs, store }),
    ...pushHandlers({ config: settings.push, trustProxy, store }),
    ...newsroomHandlers({
      config: settings.newsroom,
      transport: settings.transport,
      clock,
      contentChanged,
      recordPurge,
      store,
      storage,
      issues,
      jobs,
      audience,
      ...(settings.contentSource && settings.contentSource.kind !== 'piquante'
        ? {
            sourceEditUrl: (id: string) => sourceEditUrl(settings.contentSource ?? { kind: 'piquante' }, id),
            liveSource:
              settings.contentSource.kind === 'ghost'
                ? { kind: 'ghost' as const, label: 'Ghost' as const }
                : { kind: 'wordpress' as const, label: 'WordPress' as const },
            ...(deps.sources?.source ? { draftSource: deps.sources.source } : {}),
          }
        : {}),
    }),
    ...consentHandlers({ trustProxy, store }),
    ...popinSurveyHandlers({ trustProxy, store }),
    ...sourceWebhookHandlers({ source: deps.sources?.source ?? null, sync: deps.sources?.sync ?? null, trustProxy, store }),
    ...audienceBeaconHandlers({ recorder: audience, siteHosts: [new URL(config.siteUrl).host], trustProxy, store }),
  };
}
