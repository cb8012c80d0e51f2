/** Publishes the scheduled articles, popins, shopping items and Instagram posts whose time has come, every `seconds` in each server process. */
import type { Database } from '../../db/client.ts';
import type { Clock } from './clock.ts';
import { publishDueArticles } from './articles/articleWorkflow.ts';
import { publishDuePopins } from './popins/popinWorkflow.ts';
import { publishDueShoppingItems } from './shopping/shoppingWorkflow.ts';
import { publishDueInstagramPosts } from './instagram/instagramWorkflow.ts';

/** Unref'd: it never keeps the process alive. Returns the function that stops it. */
export function startScheduler(db: Database, clock: Clock, seconds: number, contentChanged: () => Promise<void> | void): () => void {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const now = clock.now();
      const published = [
        ...(await publishDueArticles(db, now)),
        ...(await publishDuePopins(db, now)).map((id) => `popin ${id}`),
        ...(await publishDueShoppingItems(db, now)).map((id) => `shopping ${id}`),
        ...(await publishDueInstagramPosts(db, now)).map((id) => `instagram ${id}`),
      ];
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
