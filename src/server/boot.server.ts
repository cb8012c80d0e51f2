/**
 * Boots the server side once per process: lock the embedded data directory, open and migrate the
 * database, load the demo content when it is empty, and build the API handler.
 */
import { appConfig } from '../../app.config.ts';
import type { InProcessApi } from '../api/inProcessApi.ts';
import { acquireDataDirLock } from '../db/dataDirLock.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import type { ServerConfig } from './config/serverConfig.ts';
import { composeApiHandlers } from './apiHandlers.ts';
import { createAudienceRecorder, startAudienceFlushing } from './audience/audienceRecorder.ts';
import { audienceSettings } from './audience/audienceSettings.ts';
import { type BeaconFastPath, createBeaconFastPath } from './audience/beaconFastPath.ts';
import { createApiHandler } from './http/apiRouter.ts';
import { directContentOperations } from './http/contentApi.ts';
import { createMemoryStore, createRedisStore } from './http/sharedStore.ts';
import type { NewsletterConfig } from './config/newsletterConfig.ts';
import { createMailer } from './newsletter/mailer.server.ts';
import { newsletterJobHandlers } from './newsletter/newsletterJobs.ts';
import { passwordResetJobHandlers } from './newsroom/passwordReset/passwordResetJobs.ts';
import { issueJobHandlers } from './newsletter/issues/issueJobs.ts';
import type { IssueMailRenderer } from './newsletter/issues/issueMailTypes.ts';
import { createIssueTransport, createThrottle } from './newsletter/issues/issueTransport.ts';
import { deriveKey, loadNewsletterSecret } from './newsletter/subscribers.server.ts';
import type { JobHandlers } from './jobs/jobKinds.ts';
import { importJobHandlers } from './import/importJobs.ts';
import { lazyJobQueue, openJobQueueOn } from './jobs/lazyJobQueue.ts';
import { startIndexNow } from './seo/indexNow/indexNowStart.ts';
import { indexNowJobHandlers } from './seo/indexNow/indexNowJobs.ts';
import { mediaJobHandlers, queueMissingMailRenditions } from './media/mailRenditionBackfill.ts';
import { cdnJobHandlers, startCdnPurge } from './cdn/cdnJobs.ts';
import { createContentPurge } from './cache/contentPurge.ts';
import { createClock } from './newsroom/clock.ts';
import { backfillNewsroom } from './newsroom/articles/articleReaderCopy.ts';
import { backfillQuizzes } from './newsroom/quizzes/quizReaderCopy.ts';
import { startScheduler } from './newsroom/scheduler.ts';
import { startContestErasure } from './contests/contestErasure.ts';
import { seedDemoContentIfEmpty } from './seed/seedDemoContent.server.ts';
import { openLiveSource } from './sources/openLiveSource.ts';
import { sourceJobHandlers, startSourcePolling } from './sources/sourceJobs.ts';
import { createSourceSync, type SourceSync } from './sources/syncEngine.ts';
import { deferStart } from './background/deferredStart.ts';

export interface ServerApp {
  database: DatabaseHandle;
  /** The API as a fetch, with direct reads for server rendering (src/api/inProcessApi.ts). */
  handleApi: InProcessApi;
  /** The media library's storage (MEDIA_DIR or S3), shared by the API and the /media/library/ files. */
  storage: import('./newsroom/mediaStorage.ts').MediaStorage;
  /** The canonical origin (SITE_URL): feeds and sitemaps. */
  siteUrl: string;
  /** The audience beacon answered at the node:http level (beaconFastPath.ts), sharing the API handler's counters and limits. */
  beaconPath?: BeaconFastPath;
  /** The IndexNow key (INDEXNOW_KEY, else the one kept in the database), served at `/{key}.txt`. */
  indexNowKey: string;
  /** The live source's sync (CONTENT_SOURCE=ghost|wordpress; a webhook applies one change through it); null: piquante. */
  sourceSync?: SourceSync | null;
  /**
   * Starts the background work (job workers, scheduler, pollers) now: called once the first page is answered.
   * Without it, it starts BACKGROUND_START_DELAY_MS after boot.
   */
  startBackground: () => void;
  /**
   * Resolves once the job queue runs (opening it now if it has not): a request that may queue a job in its
   * transaction waits for it first (lazyJobQueue.ts). Never rejects: a queue that could not start is said.
   */
  queueReady: () => Promise<void>;
  /** Stops the background work (job workers, scheduler) once requests are done; the database stays open. */
  stop: () => Promise<void>;
}

/**
 * The longest the background work waits for a first request: a server nobody asks still publishes on time and
 * sends its mail, a few seconds late at most.
 */
export const BACKGROUND_START_DELAY_MS = 3000;

/** Said at start-up: whether anyone can subscribe any address is not a setting to find out later. */
function doubleOptInSentence(config: NewsletterConfig): string {
  if (config.doubleOptIn) return 'double opt-in on (a signup counts once the e-mailed link is confirmed)';
  if (config.smtpUrl)
    return 'double opt-in OFF although mail is configured (NEWSLETTER_DOUBLE_OPT_IN=0): addresses count at once, unconfirmed';
  return 'double opt-in off (no SMTP_URL: mail-less demo, addresses count at once; set SMTP_URL in production)';
}

export interface BootOptions {
  /** The newsletter issue's mail renderer (React Email): given by the composition root, src/server.ts. */
  renderIssueMail?: IssueMailRenderer;
}

/** `settings`: the configuration, read and checked once, as a whole, before anything opens (serverConfig.ts). */
export async function bootServerApp(settings: ServerConfig, options: BootOptions = {}): Promise<ServerApp> {
  const target = settings.database;
  if (target.kind === 'pglite' && target.dataDir) acquireDataDirLock(target.dataDir);
  const database = await openDatabase(target);
  // Requests use database.db (bounded waits); background work this one (a newsletter's fan-out may take long).
  const work = database.background;
  if (settings.seedDemo(database.kind)) {
    const seeded = await seedDemoContentIfEmpty(work);
    if (seeded) console.log(`[boot] demo content loaded: ${seeded.articles} articles`);
  }
  // Articles from the seed (or from before the newsroom) get their editorial row: one anti-join.
  await backfillNewsroom(work);
  await backfillQuizzes(work);
  const config = settings.newsletter;
  console.log(`[boot] newsletter: ${doubleOptInSentence(config)}`);
  const clock = createClock();
  // One queue for every background job, one handler table (a kind without a handler fails the build). Opened
  // with the background work or by the first request that writes, not before the first page.
  const jobs = lazyJobQueue(openJobQueueOn(database));
  const indexNow = await startIndexNow(work, settings, jobs);
  // Purges what a change touched: pages and API answers of every process, and the CDN (decision 032); then
  // tells the search engines of the addresses it recorded (decision 031).
  // The CDN's half is recorded in each write's transaction (`recordPurge`, the cdn_purge_tags outbox) and
  // drained by a job; tags a stopped process left waiting are drained once the background work starts.
  const purge = createContentPurge({ routes: settings.contentChanges, cdn: settings.cdnPurge, jobs });
  const recordPurge = purge.record;
  const contentChanged = async (tags?: readonly string[]) => {
    await purge.changed(tags);
    await indexNow.changed();
  };
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  const issueTransport = createIssueTransport({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    maxConnections: appConfig.newsletter.smtpConnections,
  });
  const renderIssueMail = options.renderIssueMail ?? missingRenderer;
  // A CMS the team runs, copied into this store continuously (issue 35); never waited for: pages serve the copy.
  const liveSource = openLiveSource(settings.contentSource, settings.outbound, settings.newsroom.imageMaxBytes);
  const sourceSync = liveSource
    ? createSourceSync({
        db: work,
        source: liveSource,
        storage: settings.mediaStorage,
        limits: { imageBytes: settings.newsroom.imageMaxBytes, audioBytes: settings.newsroom.audioMaxBytes },
        now: () => clock.now(),
        contentChanged,
        recordPurge,
        reconcileSeconds: settings.contentSource.kind === 'piquante' ? 300 : settings.contentSource.timing.reconcileSeconds,
      })
    : null;
  const oneClickKey = async () => deriveKey(await loadNewsletterSecret(work, config.secret), 'one-click');
  const jobHandlers = {
    ...newsletterJobHandlers({ db: work, jobs, mailer, siteUrl: config.siteUrl }),
    ...issueJobHandlers({
      db: work,
      jobs,
      render: renderIssueMail,
      transport: issueTransport,
      throttle: createThrottle(config.sendRate),
      siteUrl: config.siteUrl,
      oneClickKey,
      now: () => clock.now(),
      contentChanged,
      recordPurge,
    }),
    ...passwordResetJobHandlers({ db: work, jobs, siteUrl: config.siteUrl }),
    ...importJobHandlers({
      db: work,
      storage: settings.mediaStorage,
      now: () => clock.now(),
      contentChanged,
      recordPurge,
      download: settings.newsroom.importDownloadImages,
      limits: { imageBytes: settings.newsroom.imageMaxBytes, audioBytes: settings.newsroom.audioMaxBytes },
      access: { policy: settings.outbound },
    }),
    ...mediaJobHandlers({ db: work, storage: settings.mediaStorage, now: () => clock.now() }),
    ...indexNowJobHandlers({ db: work, target: indexNow.target, log: (line) => console.log(line) }),
    ...cdnJobHandlers({ db: work, config: settings.cdnPurge, policy: settings.outbound, now: () => clock.now(), jobs }),
    ...sourceJobHandlers(sourceSync),
  } satisfies JobHandlers;
  // What works the jobs, and every timer and first pass, waits until the first page is answered
  // (deferredStart.ts): pg-boss's start and first fetches, and their queries, would otherwise share the CPU with it.
  const background = deferStart(
    async () => {
      await jobs.work(jobHandlers);
      const cdnPurge = await startCdnPurge(work, settings.cdnPurge, jobs);
      const stopScheduler = startScheduler(work, clock, settings.schedulerSeconds, contentChanged, recordPurge);
      const stopContestErasure = startContestErasure(work, () => clock.now());
      let stopSourcePolling = () => {};
      if (liveSource && settings.contentSource.kind !== 'piquante') {
        const { pollSeconds } = settings.contentSource.timing;
        console.log(`[boot] content source: ${liveSource.label} (${new URL(liveSource.siteUrl).host}), polled every ${pollSeconds} s`);
        stopSourcePolling = startSourcePolling(jobs, pollSeconds);
      }
      // Images from before mail renditions get theirs in the background (nothing is queued once all have them).
      // A failure here is said, not thrown: the timers above run, and their stop must be handed back.
      await queueMissingMailRenditions(work, jobs).then(
        (queued) => queued > 0 && console.log(`[boot] mail renditions queued for ${queued} images`),
        (error: unknown) => console.error(`[boot] mail renditions not queued: ${(error as Error).message}`),
      );
      return () => {
        stopScheduler();
        stopSourcePolling();
        cdnPurge.stop();
        stopContestErasure();
      };
    },
    { delayMs: BACKGROUND_START_DELAY_MS },
  );
  // One store for every rate limit and spent captcha (Redis when shared), one media storage.
  const store = config.redisUrl ? createRedisStore(config.redisUrl, 'piquante:limits:') : createMemoryStore();
  const storage = settings.mediaStorage;
  // The audience beacons' counters: in memory, written in batches by this timer (decision 028).
  const audience = createAudienceRecorder();
  const stopAudience = startAudienceFlushing(audience, work, audienceSettings.flushSeconds);
  const handlers = composeApiHandlers({
    settings,
    config,
    jobs,
    store,
    storage,
    clock,
    contentChanged,
    recordPurge,
    renderIssueMail,
    audience,
    sources: { source: liveSource, sync: sourceSync },
  });
  // The same recorder, limits' store and hosts as the API's beacon handler (apiHandlers.ts).
  const site = new URL(config.siteUrl);
  const beaconPath = createBeaconFastPath({
    recorder: audience,
    siteHosts: [site.host],
    siteOrigin: site.origin,
    store,
    transportSecurity: settings.transport,
    db: database.db,
  });
  return {
    database,
    storage,
    siteUrl: settings.siteUrl,
    beaconPath,
    indexNowKey: indexNow.key,
    sourceSync,
    handleApi: createApiHandler(database.db, handlers, { siteUrl: config.siteUrl, direct: directContentOperations }),
    startBackground: background.start,
    queueReady: () => jobs.ready().catch(() => {}),
    stop: async () => {
      // First: no worker, timer or pass starts after this (one starting is waited for, then stopped).
      await background.stop();
      await stopAudience();
      await jobs.stop();
      await mailer.close();
      await issueTransport.close();
      await store.close();
    },
  };
}

const APP_KEY = Symbol.for('piquante.serverApp');

const missingRenderer: IssueMailRenderer = async () => {
  throw new Error('no newsletter mail renderer: the composition root (src/server.ts) passes one to getServerApp');
};
type GlobalWithApp = typeof globalThis & { [APP_KEY]?: Promise<ServerApp> };

/** One app per process, shared by every module copy (Vite dev may load a module twice). */
export function getServerApp(settings: ServerConfig, options: BootOptions = {}): Promise<ServerApp> {
  const g = globalThis as GlobalWithApp;
  g[APP_KEY] ??= bootServerApp(settings, options);
  return g[APP_KEY];
}
