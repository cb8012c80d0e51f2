/**
 * Every kind of background job, in one typed table: its data (validated when queued and again when
 * worked, so that a job queued by an older release fails clearly instead of half-running) and its retry
 * policy. A new job is one line here and one handler in the table that `startJobWorkers` takes (boot
 * composes it; `satisfies JobHandlers` fails the build when a kind has no handler).
 */
import { z } from 'zod';
import type { QueueOptions, QueuePolicy } from 'pg-boss';
import { isCacheTag } from '../cache/cacheTags.ts';
import { mailMessageSchema } from '../newsletter/mailer.server.ts';

export interface JobKind {
  data: z.ZodType;
  queue: QueueOptions;
  /** Jobs one worker takes at once (run side by side, each settled on its own). */
  batchSize: number;
  /** pg-boss's queue policy, set when the queue is created ('standard' when left out). */
  policy?: QueuePolicy;
}

/** A mail server down for hours delays mails, loses none: retried with back-off for about two days (700 × 5 min at most). */
const mailRetries: QueueOptions = {
  retryLimit: 700,
  retryDelay: 2,
  retryBackoff: true,
  // Once the server is back, every waiting mail goes within five minutes.
  retryDelayMax: 300,
  // An SMTP conversation that hangs (a process killed mid-send) is tried again after this.
  expireInSeconds: 120,
  // A sent mail holds an address: kept one day (the privacy policy says so), then deleted.
  deleteAfterSeconds: 86_400,
};

export const jobKinds = {
  /** One mail, ready to send (confirmation, welcome, unsubscribe request). */
  'mail.send': { data: mailMessageSchema, queue: mailRetries, batchSize: 10 },
  /**
   * A reader asked to leave: look the address up and, if it is subscribed, mail a link. Done in the
   * background so that the answer never says whether the address is subscribed.
   */
  'newsletter.unsubscribe-request': {
    data: z.object({ email: z.string().email().max(254), requestedAt: z.iso.datetime() }),
    queue: { ...mailRetries, retryLimit: 20 },
    batchSize: 5,
  },
  /**
   * Someone asked for a « Mot de passe oublié ? » link (issue 39): look the address up and, if it is an
   * active account's, mail a link. In the background so that the answer never says whether it is one.
   */
  'staff.password-reset-request': {
    data: z.object({ email: z.string().min(3).max(254), requestedAt: z.iso.datetime() }),
    queue: { ...mailRetries, retryLimit: 20 },
    batchSize: 5,
  },
  /** A newsletter issue is due: render it once, write one delivery per subscriber, queue them (issue 21). */
  'newsletter.issue.start': {
    data: z.object({ issueId: z.number().int().min(1) }),
    queue: {
      retryLimit: 50,
      retryDelay: 5,
      retryBackoff: true,
      retryDelayMax: 300,
      expireInSeconds: 1800,
      heartbeatSeconds: 10,
      deleteAfterSeconds: 86_400,
    },
    batchSize: 1,
  },
  /**
   * A run of deliveries of one issue. An SMTP relay down for hours delays them (retried like mails). A run
   * may take minutes at a slow rate; a process killed mid-run stops its heartbeat, and the job is tried
   * again about 10 to 20 s later.
   */
  'newsletter.deliver': {
    data: z.object({ issueId: z.number().int().min(1), deliveryIds: z.array(z.number().int().min(1)).min(1).max(1000) }),
    queue: { ...mailRetries, expireInSeconds: 3600, heartbeatSeconds: 10 },
    batchSize: 4,
  },
  /**
   * An import started in the newsroom (issue 20). Safe to run again: a process killed mid-import stops the
   * heartbeat and the job is tried again, finishing the work without duplicating anything.
   */
  'import.run': {
    data: z.object({ runId: z.number().int().min(1) }),
    queue: { retryLimit: 3, retryDelay: 10, expireInSeconds: 3 * 3600, heartbeatSeconds: 30, deleteAfterSeconds: 86_400 },
    batchSize: 1,
  },
  /**
   * An image without mail renditions (uploaded before they existed): drawn from its largest variant. Two at a
   * time per process, so that a large library's backfill leaves the processor to readers.
   */
  'media.mail-renditions': {
    data: z.object({ mediaId: z.number().int().min(1) }),
    queue: { retryLimit: 10, retryDelay: 10, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 300, deleteAfterSeconds: 86_400 },
    batchSize: 2,
  },
  /**
   * Tell the search engines of the addresses that changed (IndexNow, decision 031): the addresses wait in
   * `indexnow_urls`, the job carries nothing. `stately`: at most one waiting, one retrying and one running, so
   * a burst of saves is one request and an engine down for a day is asked again with back-off, not per save.
   */
  'indexnow.ping': {
    data: z.object({}),
    queue: { retryLimit: 700, retryDelay: 5, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 120, deleteAfterSeconds: 86_400 },
    batchSize: 1,
    policy: 'stately',
  },
  /**
   * Tags to purge at the CDN, as queued by releases before the outbox (decision 032): the job now moves them
   * into `cdn_purge_tags` and asks for a drain. Nothing queues it any more.
   */
  'cdn.purge': {
    data: z.object({ tags: z.array(z.string().refine(isCacheTag, 'not a cache tag')).min(1).max(2000) }),
    queue: {
      retryLimit: 150,
      retryDelay: 5,
      retryBackoff: true,
      retryDelayMax: 600,
      expireInSeconds: 120,
      deleteAfterSeconds: 86_400,
    },
    batchSize: 5,
  },
  /**
   * One pass of the live source's sync (issue 35): queued every SOURCE_POLL_SECONDS by each process, `stately`
   * so that one runs at a time for the whole site and a burst of polls is one pass. A pass cut short (a crash)
   * resumes from the cursor stored after its last page; a failed one is not retried (the next poll is).
   */
  'source.sync': {
    data: z.object({ reconcile: z.boolean().optional() }),
    queue: { retryLimit: 0, expireInSeconds: 3 * 3600, heartbeatSeconds: 30, deleteAfterSeconds: 3600 },
    batchSize: 1,
    policy: 'stately',
  },
  /**
   * Purge at the CDN (CDN_PURGE_URL, decision 032) what waits in `cdn_purge_tags`, written with each change
   * readers can see: the job carries nothing. `stately`: at most one waiting, one retrying and one running, so
   * a burst of saves is a few calls and a CDN down for an hour is asked again with back-off (up to 10 minutes
   * apart, for about a day), the tags waiting meanwhile; each failure is a line of the newsroom's journal.
   */
  'cdn.drain': {
    data: z.object({}),
    queue: {
      retryLimit: 150,
      retryDelay: 5,
      retryBackoff: true,
      retryDelayMax: 600,
      expireInSeconds: 300,
      // A process killed mid-drain stops its heartbeat: the job is failed and retried within seconds, instead of
      // holding the queue's one active place (stately) until it expires — the restart's purge waited behind it.
      heartbeatSeconds: 10,
      deleteAfterSeconds: 86_400,
    },
    batchSize: 1,
    policy: 'stately',
  },
} as const satisfies Record<string, JobKind>;

export type JobName = keyof typeof jobKinds;
export type JobData<K extends JobName> = z.infer<(typeof jobKinds)[K]['data']>;

export interface JobContext {
  id: string;
  /** 0 the first time; how many times the job was tried before. */
  retryCount: number;
}

export type JobHandler<K extends JobName> = (data: JobData<K>, job: JobContext) => Promise<void>;
export type JobHandlers = { [K in JobName]: JobHandler<K> };

/**
 * Thrown by a handler when trying again cannot help (a mail server's 5xx, data no longer valid): the job
 * ends as failed at once instead of being retried for days.
 */
export class PermanentJobError extends Error {}
