/**
 * npm run newsletter:send -- --latest N --subject "…" [--type 1|2] [--at ISO-DATE] [--preheader "…"] [--intro "…"]
 * Composes an issue from the N most recent articles of the week and queues it for `--at` (now by default),
 * for scripts and cron. The send itself is the servers' work (the job queue, in the database): with PGlite,
 * run it with the server stopped, and the issue leaves when the server starts; on PostgreSQL, beside them.
 */
import { parseArgs } from 'node:util';
import { startJobQueue } from '../../src/server/jobs/jobQueue.server.ts';
import { countAudience, newsletterName } from '../../src/server/newsletter/issues/issueQueries.ts';
import { changeIssueStatus, createIssue } from '../../src/server/newsletter/issues/issueWorkflow.ts';
import { openConfiguredDatabase } from '../lib/openConfiguredDatabase.ts';

const { values } = parseArgs({
  options: {
    latest: { type: 'string' },
    subject: { type: 'string' },
    type: { type: 'string', default: '1' },
    at: { type: 'string' },
    preheader: { type: 'string', default: '' },
    intro: { type: 'string', default: '' },
  },
});

const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};
const latest = Number(values.latest);
if (!/^\d{1,2}$/.test(values.latest ?? '') || latest < 1 || latest > 30) fail('--latest N : un nombre d’articles entre 1 et 30.');
const subject = values.subject?.trim() ?? '';
if (subject.length === 0 || subject.length > 200) fail('--subject "…" : le sujet du numéro (200 caractères au plus).');
if (values.type !== '1' && values.type !== '2') fail(`--type : 1 (${newsletterName(1)}) ou 2 (${newsletterName(2)}).`);
const at = values.at ? new Date(values.at) : new Date();
if (Number.isNaN(at.getTime())) fail('--at : une date ISO 8601, par exemple 2026-12-01T08:00:00+01:00.');
if (at.getTime() < Date.now() - 60_000)
  fail('--at : cette heure est passée ; choisissez une heure à venir, ou rien pour envoyer maintenant.');
if (values.preheader.length > 200) fail('--preheader : 200 caractères au plus.');

const database = await openConfiguredDatabase();
const jobs = await startJobQueue(database, { log: () => {} });
try {
  const type = Number(values.type) as 1 | 2;
  const now = new Date();
  const created = await createIssue(
    database.db,
    null as never,
    { subject, preheader: values.preheader, intro: values.intro, newsletterType: type, latest },
    now,
  );
  if (!created.ok) fail(created.kind === 'bad' ? created.message : 'Le numéro n’a pas pu être composé.');
  const issue = created.ok ? created.value : null;
  if (!issue) process.exit(1);
  const scheduled = await changeIssueStatus(
    database.db,
    jobs,
    null,
    issue.id,
    { action: 'schedule', version: issue.version, scheduledAt: at.toISOString() },
    now,
  );
  if (!scheduled.ok)
    fail(scheduled.kind === 'bad' || scheduled.kind === 'taken' ? scheduled.message : 'Le numéro n’a pas pu être programmé.');
  const audience = await countAudience(database.db, type);
  console.log(
    `Numéro ${issue.id} « ${subject} » (${newsletterName(type)}) : ${issue.articleIds.length} article(s), programmé pour ${at.toISOString()} — ${audience} abonné(s) aujourd’hui.`,
  );
  if (database.kind === 'pglite') console.log('Il partira quand le serveur tournera (npm run serve).');
} finally {
  await jobs.stop();
  await database.close();
}
