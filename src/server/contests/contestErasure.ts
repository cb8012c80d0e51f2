/**
 * Erasing entrants' data once their contest's retention after the draw is over (CONTEST_ENTRIES_RETENTION_MONTHS,
 * six months by default; the privacy policy says so). The due date is in the draw's row, so a sweep is all
 * it takes: every server runs one at start and then regularly; a pass missed while the site was down is
 * done by the next. The draw keeps its seed, its pool's ids and the winners' public names (no address).
 */
import { contestSettings } from './contestSettings.ts';
import { and, isNull, lte, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contestDraws, contestEntries } from '../../db/schema.ts';

/** The contests whose entries were erased by this pass. */
export async function eraseDueContestEntries(db: Database, now: Date): Promise<number[]> {
  const due = await db
    .select({ contestId: contestDraws.contestId })
    .from(contestDraws)
    .where(and(isNull(contestDraws.erasedAt), lte(contestDraws.eraseAfter, now)));
  const erased: number[] = [];
  for (const { contestId } of due) {
    await db.transaction(async (tx) => {
      await tx.delete(contestEntries).where(eq(contestEntries.contestId, contestId));
      await tx.update(contestDraws).set({ erasedAt: now }).where(eq(contestDraws.contestId, contestId));
    });
    erased.push(contestId);
  }
  return erased;
}

/** Unref'd: it never keeps the process alive. Returns the function that stops it. */
export function startContestErasure(db: Database, now: () => Date): () => void {
  let running = false;
  const pass = async () => {
    if (running) return;
    running = true;
    try {
      const erased = await eraseDueContestEntries(db, now());
      if (erased.length > 0) console.log(`[contests] entrants' data erased for contest ${erased.join(', ')}`);
    } catch (error) {
      console.error('[contests] erasure pass failed:', (error as Error).message);
    } finally {
      running = false;
    }
  };
  void pass();
  const timer = setInterval(pass, contestSettings.erasureSweepMinutes * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
