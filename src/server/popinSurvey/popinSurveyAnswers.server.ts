/** Survey popin answers: one counter per popin, button and day, bumped in one statement. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { PopinParts, SurveyResult } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { popins, popinSurveyAnswers } from '../../db/schema.ts';

export interface SurveyPopin {
  id: number;
  parts: PopinParts;
}

/** The active survey popin whose dismissal cookie has this hash, or null. */
export async function findActiveSurvey(db: Database, cookieHash: string): Promise<SurveyPopin | null> {
  const [row] = await db
    .select({ id: popins.id, parts: popins.parts })
    .from(popins)
    .where(and(eq(popins.cookieHash, cookieHash), eq(popins.type, 'survey'), eq(popins.active, true)))
    .orderBy(asc(popins.id))
    .limit(1);
  return row ?? null;
}

/** The text of button `n` (1..4), or null when the popin has no such button. */
export function surveyButtonText(parts: PopinParts, button: number): string | null {
  const text = parts[`button${button}_text` as 'button1_text'];
  return typeof text === 'string' && text.trim() !== '' ? text : null;
}

/** Counts one answer on the server's day (UTC), concurrently safe: an upsert that adds one. */
export async function countSurveyAnswer(db: Database, popinId: number, button: number, at: Date): Promise<void> {
  const day = at.toISOString().slice(0, 10);
  await db
    .insert(popinSurveyAnswers)
    .values({ popinId, button, day, answers: 1 })
    .onConflictDoUpdate({
      target: [popinSurveyAnswers.popinId, popinSurveyAnswers.button, popinSurveyAnswers.day],
      set: { answers: sql`${popinSurveyAnswers.answers} + 1` },
    });
}

/** The longest period one can ask for, in days (the command line and GET /api/admin/surveys agree). */
export const MAX_SURVEY_DAYS = 3650;

/** The first day (YYYY-MM-DD, UTC) of the last `days` days, today included; null (no `days`): since the beginning. */
export function surveySinceDay(days: number | null, now: Date): string | null {
  if (days === null) return null;
  return new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
}

/** Every survey popin with its totals per button since `sinceDay` (YYYY-MM-DD, inclusive; null: ever). */
export async function tallySurveys(db: Database, sinceDay: string | null): Promise<SurveyResult[]> {
  const surveys = await db
    .select({ id: popins.id, parts: popins.parts, matchPath: popins.matchPath, active: popins.active })
    .from(popins)
    .where(eq(popins.type, 'survey'))
    .orderBy(asc(popins.id));
  const counts = await db
    .select({
      popinId: popinSurveyAnswers.popinId,
      button: popinSurveyAnswers.button,
      answers: sql<number>`sum(${popinSurveyAnswers.answers})::int`,
    })
    .from(popinSurveyAnswers)
    .where(sinceDay ? sql`${popinSurveyAnswers.day} >= ${sinceDay}` : undefined)
    .groupBy(popinSurveyAnswers.popinId, popinSurveyAnswers.button);
  return surveys.map((survey) => {
    const buttons = [1, 2, 3, 4].flatMap((button) => {
      const text = surveyButtonText(survey.parts, button);
      if (text === null) return [];
      const answers = counts.find((c) => c.popinId === survey.id && c.button === button)?.answers ?? 0;
      return [{ button, text, answers: Number(answers) }];
    });
    return {
      id: survey.id,
      title: survey.parts.title ?? '',
      question: survey.parts.description ?? '',
      path: survey.matchPath,
      active: survey.active,
      buttons,
      total: buttons.reduce((sum, b) => sum + b.answers, 0),
    };
  });
}
