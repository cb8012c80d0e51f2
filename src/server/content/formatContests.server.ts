import { and, desc, eq } from 'drizzle-orm';
import type { FormatContest } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { contestDraws, formatContests } from '../../db/schema.ts';

type ContestRow = typeof formatContests.$inferSelect;

export function contestStatus(row: Pick<ContestRow, 'startsAt' | 'endsAt'>, now: Date): FormatContest['status'] {
  if (now < row.startsAt) return 'upcoming';
  return now <= row.endsAt ? 'open' : 'closed';
}

/**
 * A contest's row as its page reads it, whatever its state (the newsroom's preview shows drafts); `winners`
 * are the draw's public names (first name and initial), kept after the entrants' data are erased.
 */
export function toContest(row: ContestRow, now: Date, winners: string[] = []): FormatContest {
  return {
    id: row.id,
    url: row.url,
    title: row.title,
    description: row.description,
    image: row.image,
    prize: row.prize,
    rules: row.rules,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    status: contestStatus(row, now),
    // Readers only get published rows, which the workflow always dates.
    publishedAt: (row.publishedAt ?? row.createdAt).toISOString(),
    question: row.question,
    questionChoices: row.questionChoices,
    winners,
  };
}

const withWinners = { contest: formatContests, winners: contestDraws.winners };

export async function listFormatContests(
  db: Database,
  page: { limit: number; offset: number },
  now = new Date(),
): Promise<FormatContest[]> {
  const rows = await db
    .select(withWinners)
    .from(formatContests)
    .leftJoin(contestDraws, eq(contestDraws.contestId, formatContests.id))
    .where(eq(formatContests.status, 'published'))
    .orderBy(desc(formatContests.publishedAt), desc(formatContests.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => toContest(row.contest, now, row.winners ?? []));
}

export async function getFormatContest(db: Database, url: string, now = new Date()): Promise<FormatContest | null> {
  const [row] = await db
    .select(withWinners)
    .from(formatContests)
    .leftJoin(contestDraws, eq(contestDraws.contestId, formatContests.id))
    .where(and(eq(formatContests.url, url), eq(formatContests.status, 'published')))
    .limit(1);
  return row ? toContest(row.contest, now, row.winners ?? []) : null;
}
