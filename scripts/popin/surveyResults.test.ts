/**
 * popin:survey-results as an operator runs it (a child process on a real database): the totals per
 * button, as text and as JSON, over all time or the last days. On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PopinParts } from '../../src/api/types.ts';
import type { Database } from '../../src/db/client.ts';
import { popins } from '../../src/db/schema.ts';
import { countSurveyAnswer } from '../../src/server/popinSurvey/popinSurveyAnswers.server.ts';
import { createOperatorDatabase, type OperatorDatabase, runOperatorScript } from '../../src/testing/operatorDatabase.ts';
import { testDatabaseKinds } from '../../src/testing/testDatabase.ts';

const surveyResults = (args: string[], env: NodeJS.ProcessEnv) => runOperatorScript('popin/survey-results.ts', args, env);

const parts = {
  title: 'Une petite question',
  description: 'Quel sujet aimeriez-vous lire plus souvent ?',
  button1_text: 'Plus de mode',
  button2_text: 'Plus de culture',
} as PopinParts;

async function fill(db: Database) {
  const [survey] = await db
    .insert(popins)
    .values({
      matchPath: '/culture',
      matchMode: 'prefix',
      type: 'survey',
      cookieHash: 'sondage1',
      successDuration: 0,
      trigger: { isClose: false, isOpen: true, isOpenDelay: false, timeDelay: 0 },
      parts,
    })
    .returning({ id: popins.id });
  const id = survey?.id ?? 0;
  const longAgo = new Date(Date.now() - 40 * 86_400_000);
  for (let i = 0; i < 3; i++) await countSurveyAnswer(db, id, 1, longAgo);
  await countSurveyAnswer(db, id, 2, new Date());
}

describe.each(testDatabaseKinds)('popin:survey-results on %s', (kind) => {
  let operator: OperatorDatabase;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    operator = await createOperatorDatabase(kind, fill);
    env = operator.env;
  }, 120_000);
  afterAll(async () => {
    await operator?.dispose();
  });

  it('prints each button’s total and share since the beginning, in French', async () => {
    const { stdout } = await surveyResults([], env);
    expect(stdout).toContain('Sondage « Une petite question » (/culture) : 4 réponse(s) depuis le début');
    expect(stdout).toMatch(/Plus de mode\s+3\s+75\s%/);
    expect(stdout).toMatch(/Plus de culture\s+1\s+25\s%/);
  }, 60_000);

  it('--days keeps the last days only; --json gives the same totals to a program', async () => {
    const { stdout } = await surveyResults(['--days', '30', '--json'], env);
    const report = JSON.parse(stdout) as { since: string; surveys: { total: number; buttons: { text: string; answers: number }[] }[] };
    expect(report.since).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(report.surveys[0]?.total).toBe(1);
    expect(report.surveys[0]?.buttons).toEqual([
      { button: 1, text: 'Plus de mode', answers: 0 },
      { button: 2, text: 'Plus de culture', answers: 1 },
    ]);
  }, 60_000);

  it('refuses a nonsense --days with a clear message and exit code 2', async () => {
    await expect(surveyResults(['--days', 'abc'], env)).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--days') });
  }, 60_000);
});
