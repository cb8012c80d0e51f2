/**
 * Publishes the scheduled items of every format whose time has come, every `seconds` in each server process.
 * A new format schedules by adding its line to `scheduledFormats`; the scheduler and the newsroom's "run the
 * scheduler" call both read it.
 */
import type { Database } from '../../db/client.ts';
import type { RecordPurge } from '../cache/cacheTags.ts';
import { publishDueLiveBlogs } from '../liveblog/liveBlogFormat.ts';
import type { Clock } from './clock.ts';
import { publishDueArticles } from './articles/articleWorkflow.ts';
import { publishDueContests } from './contests/contestWorkflow.ts';
import { publishDueGenerators } from './generators/generatorWorkflow.ts';
import { publishDueInstagramPosts } from './instagram/instagramWorkflow.ts';
import { publishDueMosaics } from './mosaics/mosaicWorkflow.ts';
import { publishDuePopins } from './popins/popinWorkflow.ts';
import { publishDueQuizzes } from './quizzes/quizWorkflow.ts';
import { publishDueQuotations } from './quotations/quotationWorkflow.ts';
import { publishDueShoppingItems } from './shopping/shoppingWorkflow.ts';

/** Each format's pass, by the name its published ids are logged under (articles: the contract's own ids). */
export const scheduledFormats: Record<string, (db: Database, now: Date) => Promise<number[]>> = {
  article: publishDueArticles,
  popin: publishDuePopins,
  quiz: publishDueQuizzes,
  generator: publishDueGenerators,
  quotation: publishDueQuotations,
  shopping: publishDueShoppingItems,
  instagram: publishDueInstagramPosts,
  mosaic: publishDueMosaics,
  contest: publishDueContests,
  liveBlog: publishDueLiveBlogs,
};

/** One pass over every format except articles (which the caller runs itself, audited): what it published. */
export async function publishDueOtherFormats(db: Database, now: Date): Promise<string[]> {
  const published: string[] = [];
  for (const [name, publishDue] of Object.entries(scheduledFormats)) {
    if (name === 'article') continue;
    for (const id of await publishDue(db, now)) published.push(`${name} ${id}`);
  }
  return published;
}

/**
 * One pass over every format, in one transaction with the CDN's record of the purge (decision 032): each
 * item's own transaction is a savepoint of it, and a pass that published anything notes `site` before it
 * commits. Answers what it published.
 */
export async function schedulerPass(db: Database, now: Date, recordPurge: RecordPurge): Promise<string[]> {
  return db.transaction(async (tx) => {
    const published = [...(await publishDueArticles(tx, now)).map(String), ...(await publishDueOtherFormats(tx, now))];
    if (published.length > 0) await recordPurge(tx);
    return published;
  });
}

/** Unref'd: it never keeps the process alive. Returns the function that stops it. */
export function startScheduler(
  db: Database,
  clock: Clock,
  seconds: number,
  contentChanged: () => Promise<void> | void,
  recordPurge: RecordPurge = async () => {},
): () => void {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const published = await schedulerPass(db, clock.now(), recordPurge);
      if (published.length > 0) {
        console.log(`[newsroom] scheduler published ${published.join(', ')}`);
        await contentChanged();
      }
    } catch (error) {
      console.error('[newsroom] scheduler pass failed:', (error as Error).message);
    } finally {
      running = false;
    }
  }, seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
