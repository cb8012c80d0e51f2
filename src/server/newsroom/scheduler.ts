/** Publishes the scheduled articles whose time has come, every `seconds` in each server process. */
import type { Database } from '../../db/client.ts';
import type { Clock } from './clock.ts';
import { publishDueArticles } from './articles/articleWorkflow.ts';
import { publishDueGenerators } from './generators/generatorWorkflow.ts';
import { publishDueQuotations } from './quotations/quotationWorkflow.ts';

/** Unref'd: it never keeps the process alive. Returns the function that stops it. */
export function startScheduler(db: Database, clock: Clock, seconds: number, contentChanged: () => Promise<void> | void): () => void {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const published: (number | string)[] = await publishDueArticles(db, clock.now());
      // Scheduled repartee generators and quotations ride the same pass.
      published.push(...(await publishDueGenerators(db, clock.now())).map((id) => `generator ${id}`));
      published.push(...(await publishDueQuotations(db, clock.now())).map((id) => `quotation ${id}`));
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
