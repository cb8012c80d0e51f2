/**
 * A contest's draw, once, after its closing: the confirmed entries are the pool, drawWinners picks the
 * winners from the seed, and the draw (seed, pool, winners and their public names, when the data go) is
 * written with the winners' mails in one transaction: a recorded draw always has its mails.
 */
import { eq } from 'drizzle-orm';
import type { ContestDraw } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { contestDraws, type formatContests } from '../../db/schema.ts';
import type { JobQueue } from '../jobs/jobQueue.server.ts';
import { staffName } from '../newsroom/articles/articleQueries.ts';
import { audit } from '../newsroom/audit.server.ts';
import { confirmedEntries } from './contestEntries.server.ts';
import { contestLinks, winnerMail } from './contestEntryMails.ts';
import { drawWinners, publicWinnerName } from './contestDraw.ts';

type ContestRow = typeof formatContests.$inferSelect;
type DrawRow = typeof contestDraws.$inferSelect;

export interface DrawRequest {
  contest: ContestRow;
  count: number;
  seed: string;
  who: { id: number; email: string };
  now: Date;
  retentionMonths: number;
}

export type DrawResult = { ok: true; draw: DrawRow } | { ok: false; message: string };

export function eraseAfter(drawnAt: Date, months: number): Date {
  const at = new Date(drawnAt);
  at.setUTCMonth(at.getUTCMonth() + months);
  return at;
}

export async function findDraw(db: Database, contestId: number): Promise<DrawRow | null> {
  const [row] = await db.select().from(contestDraws).where(eq(contestDraws.contestId, contestId));
  return row ?? null;
}

export async function toContestDraw(db: Database, row: DrawRow): Promise<ContestDraw> {
  return {
    seed: row.seed,
    poolIds: row.poolIds,
    winnerIds: row.winnerIds,
    winners: row.winners,
    drawnAt: row.drawnAt.toISOString(),
    drawnByName: await staffName(db, row.drawnBy),
    eraseAfter: row.eraseAfter.toISOString(),
    erasedAt: row.erasedAt?.toISOString() ?? null,
  };
}

export async function drawContest(
  db: Database,
  jobs: Pick<JobQueue, 'enqueue'>,
  siteUrl: string,
  request: DrawRequest,
): Promise<DrawResult> {
  const { contest, count, seed, now } = request;
  if (now <= contest.endsAt) return { ok: false, message: 'Le tirage au sort se fait après la clôture du concours.' };
  return db.transaction(async (tx) => {
    const pool = await confirmedEntries(tx, contest.id);
    if (pool.length < count) {
      return {
        ok: false as const,
        message: `Il y a ${pool.length} participation${pool.length > 1 ? 's' : ''} confirmée${pool.length > 1 ? 's' : ''} : impossible de tirer ${count} gagnant${count > 1 ? 's' : ''}.`,
      };
    }
    const poolIds = pool.map((entry) => entry.id);
    const winnerIds = drawWinners(seed, poolIds, count);
    const byId = new Map(pool.map((entry) => [entry.id, entry]));
    const winners = winnerIds.map((id) => byId.get(id)).filter((entry) => entry !== undefined);
    const [draw] = await tx
      .insert(contestDraws)
      .values({
        contestId: contest.id,
        seed,
        poolIds,
        winnerIds,
        winners: winners.map((entry) => publicWinnerName(entry.firstName, entry.lastName)),
        drawnAt: now,
        drawnBy: request.who.id,
        eraseAfter: eraseAfter(now, request.retentionMonths),
      })
      .onConflictDoNothing()
      .returning();
    if (!draw) return { ok: false as const, message: 'Le tirage au sort de ce concours a déjà eu lieu.' };
    // The audit line keeps what replays the draw; addresses stay out of it (they are erased with the entries).
    await audit(
      tx,
      request.who,
      { action: 'contest.draw', entity: 'contest', entityId: contest.id, detail: { seed, poolSize: poolIds.length, winnerIds } },
      now,
    );
    const link = contestLinks(siteUrl).contest(contest.url);
    for (const entry of winners) {
      await jobs.enqueue('mail.send', winnerMail(entry.email, entry.firstName, contest, link), { tx });
    }
    return { ok: true as const, draw };
  });
}
