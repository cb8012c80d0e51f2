/**
 * Mail renditions for images that have none (issue 39): those uploaded before renditions were made at upload,
 * or whose upload stopped between storing the files and writing the row's date. The original is kept nowhere,
 * so a rendition is drawn from the image's largest variant (never enlarged: jpegRendition keeps its width).
 *
 * Durable through the job queue (decision 015): at start, one `media.mail-renditions` job per image whose row
 * has no `mail_renditions_at` (a singleton per image, so a restart while they wait queues nothing twice); the
 * queue's batch size bounds how many are drawn at once. Idempotent: a job whose image has its date, or whose
 * files are already stored, only writes the date; a second run finds nothing to do.
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { media } from '../../db/schema.ts';
import type { JobHandlers } from '../jobs/jobKinds.ts';
import { PermanentJobError } from '../jobs/jobKinds.ts';
import type { JobQueue } from '../jobs/jobQueue.server.ts';
import type { MediaStorage } from '../newsroom/mediaStorage.ts';
import { jpegRendition, MAIL_WIDTHS, type MailWidth, mailRenditionName } from './mailRenditions.ts';

const PAGE = 500;
const missing = and(eq(media.kind, 'image'), isNull(media.mailRenditionsAt));

/** The ids of the images still without renditions, in order, a page at a time. */
async function* imagesWithoutRenditions(db: Database): AsyncGenerator<number> {
  let after = 0;
  for (;;) {
    const page = await db
      .select({ id: media.id })
      .from(media)
      .where(and(missing, gt(media.id, after)))
      .orderBy(asc(media.id))
      .limit(PAGE);
    for (const { id } of page) yield id;
    const last = page.at(-1);
    if (!last || page.length < PAGE) return;
    after = last.id;
  }
}

/**
 * Among these library images (by content hash), the ones whose renditions are stored: a mail names only those
 * (an image still waiting for its job is left out rather than sent broken).
 */
export async function hashesWithMailRenditions(db: Database, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db
    .select({ hash: media.hash })
    .from(media)
    .where(and(inArray(media.hash, [...new Set(hashes)]), isNotNull(media.mailRenditionsAt)));
  return new Set(rows.map((row) => row.hash));
}

/** Queues a job for every image without renditions; returns how many were asked for (0 on a second start). */
export async function queueMissingMailRenditions(db: Database, jobs: Pick<JobQueue, 'enqueue'>): Promise<number> {
  let queued = 0;
  for await (const mediaId of imagesWithoutRenditions(db)) {
    await jobs.enqueue('media.mail-renditions', { mediaId }, { singletonKey: `media-${mediaId}` });
    queued += 1;
  }
  return queued;
}

export type RenditionOutcome = 'made' | 'found' | 'done-already' | 'no-image';

/**
 * Makes what an image lacks and dates its row. A variant missing from storage is a permanent failure (retrying
 * cannot bring it back); storage unreachable is an ordinary one (the job is tried again).
 */
export async function makeMailRenditions(db: Database, storage: MediaStorage, mediaId: number, now: Date): Promise<RenditionOutcome> {
  const [row] = await db.select().from(media).where(eq(media.id, mediaId));
  if (row?.kind !== 'image') return 'no-image';
  if (row.mailRenditionsAt) return 'done-already';
  let outcome: RenditionOutcome = 'found';
  const absent: MailWidth[] = [];
  for (const width of MAIL_WIDTHS) {
    if ((await storage.get(mailRenditionName(row.hash, width))) === null) absent.push(width);
  }
  if (absent.length > 0) {
    // The largest variant; WebP first when both are as large (decoded faster than AVIF).
    const source = [...row.variants].sort((a, b) => b.width - a.width || (a.format === 'webp' ? -1 : 1))[0];
    const bytes = source ? await storage.get(source.url.slice('/media/library/'.length)) : null;
    if (!(source && bytes)) throw new PermanentJobError(`media ${mediaId}: no variant in storage to draw a rendition from`);
    const { default: sharp } = await import('sharp');
    for (const width of absent) {
      const made = await jpegRendition(sharp, bytes, source, width);
      await storage.put(mailRenditionName(row.hash, width), made.bytes, 'image/jpeg');
    }
    outcome = 'made';
  }
  await db
    .update(media)
    .set({ mailRenditionsAt: now })
    .where(and(eq(media.id, mediaId), isNull(media.mailRenditionsAt)));
  return outcome;
}

export interface MediaJobDeps {
  db: Database;
  storage: MediaStorage;
  now: () => Date;
  log?: (line: string) => void;
}

export function mediaJobHandlers(deps: MediaJobDeps): Pick<JobHandlers, 'media.mail-renditions'> {
  const log = deps.log ?? ((line: string) => console.log(line));
  return {
    'media.mail-renditions': async ({ mediaId }) => {
      const outcome = await makeMailRenditions(deps.db, deps.storage, mediaId, deps.now());
      if (outcome === 'made') log(`[media] mail renditions made for media ${mediaId}`);
    },
  };
}

/**
 * The same work without the queue, for `npm run media:renditions`: `concurrency` images at a time, each
 * outcome counted. A failure is counted and the rest goes on; running it again retries only what failed.
 */
export async function backfillMailRenditions(
  db: Database,
  storage: MediaStorage,
  options: { concurrency: number; now: () => Date; log: (line: string) => void },
): Promise<Record<RenditionOutcome | 'failed', number>> {
  const counts = { made: 0, found: 0, 'done-already': 0, 'no-image': 0, failed: 0 };
  const ids = imagesWithoutRenditions(db);
  // The page generator is shared: each worker takes the next id when it is free.
  const next = async () => {
    const { value, done } = await ids.next();
    return done ? null : value;
  };
  let pulling = Promise.resolve<number | null>(null);
  const take = () => {
    pulling = pulling.then(next);
    return pulling;
  };
  const worker = async () => {
    for (let id = await take(); id !== null; id = await take()) {
      try {
        counts[await makeMailRenditions(db, storage, id, options.now())] += 1;
      } catch (error) {
        counts.failed += 1;
        options.log(`[media] media ${id}: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  return counts;
}
