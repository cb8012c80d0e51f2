/**
 * Nothing lost (issue 5 §10): the real production server takes at least 500 concurrent valid signups,
 * is killed with SIGKILL in the middle, restarted on the same data; every signup that had been answered
 * 'success' is still there (signing it up again answers 'Vous êtes déjà inscrit'). On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { expect, test } from '@playwright/test';
import { pooled, postSignup, type SignupOutcome, startOwnServer, tempDataDir, throwawayPostgres } from './support/ownServer.ts';

/** Readers pressing OK at the same time: each lane sends a new signup as soon as its last one is answered. */
const LANES = 500;
/** Kill once this many signups have been answered 'success'; about LANES more are then in flight. */
const KILL_AFTER = 600;

test.describe.configure({ mode: 'serial' });

async function killMidway(env: NodeJS.ProcessEnv) {
  const first = await startOwnServer(env);
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const outcomes = new Map<string, SignupOutcome>();
  // What an unexpected answer said, for the failure's message.
  const answers = new Map<string, string>();
  let sent = 0;
  let successes = 0;
  let killed: Promise<void> | null = null;
  // Constant pressure: 500 signups always in flight until the server dies under them.
  await Promise.all(
    Array.from({ length: LANES }, async () => {
      while (!killed) {
        const email = `kill-${run}-${sent++}@exemple.fr`;
        const { outcome, status, body } = await postSignup(first.baseUrl, email, { origin: 'kill-test' });
        outcomes.set(email, outcome);
        if (outcome === 'other-error') answers.set(email, `${status} ${JSON.stringify(body)}`);
        if (outcome === 'success' && ++successes === KILL_AFTER) killed = first.kill('SIGKILL');
        if (outcome === 'network-error') break;
      }
    }),
  );
  const emails = [...outcomes.keys()];
  await (killed ?? first.kill('SIGKILL'));
  expect(first.child.signalCode, first.log()).toBe('SIGKILL');

  const answered = emails.filter((email) => outcomes.get(email) === 'success');
  const lost = emails.filter((email) => outcomes.get(email) === 'network-error');
  const unexpected = emails
    .filter((email) => !['success', 'network-error'].includes(outcomes.get(email) ?? ''))
    .map((email) => `${email}: ${outcomes.get(email)} ${answers.get(email) ?? ''}`);
  expect(unexpected, 'every answer before the kill is a success').toEqual([]);
  expect(emails.length).toBeGreaterThanOrEqual(KILL_AFTER + LANES / 2);
  expect(answered.length).toBeGreaterThanOrEqual(KILL_AFTER);
  expect(lost.length, 'the kill happened while signups were in flight').toBeGreaterThan(0);

  const second = await startOwnServer(env);
  try {
    const again = await pooled(answered, 50, (email) => postSignup(second.baseUrl, email, { origin: 'kill-test' }));
    const missing = answered.filter((_, i) => again[i]?.outcome !== 'already');
    expect(missing, `acknowledged signups missing after the restart:\n${second.log()}`).toEqual([]);
    // The unanswered ones may or may not have been committed; either way the server answers normally now.
    const retried = await pooled(lost, 50, (email) => postSignup(second.baseUrl, email, { origin: 'kill-test' }));
    expect(retried.every((r) => r.outcome === 'success' || r.outcome === 'already')).toBe(true);
  } finally {
    await second.kill('SIGTERM');
  }
  return { answered: answered.length, inFlight: lost.length };
}

test('kill -9 mid-way on PGlite loses no acknowledged signup', async () => {
  test.setTimeout(90_000);
  const data = tempDataDir();
  try {
    const counts = await killMidway({ DATA_DIR: data.dir });
    console.log(`PGlite: ${counts.answered} acknowledged before the kill, ${counts.inFlight} in flight; all found after restart`);
    test
      .info()
      .annotations.push({ type: 'pglite', description: `${counts.answered} acknowledged, ${counts.inFlight} in flight at the kill` });
  } finally {
    data.remove();
  }
});

test('kill -9 mid-way on PostgreSQL loses no acknowledged signup', async () => {
  test.setTimeout(90_000);
  const database = await throwawayPostgres();
  test.skip(database === null, 'TEST_DATABASE_URL is not set');
  if (!database) return;
  try {
    const counts = await killMidway({ DATABASE_URL: database.url });
    console.log(`PostgreSQL: ${counts.answered} acknowledged before the kill, ${counts.inFlight} in flight; all found after restart`);
    test
      .info()
      .annotations.push({ type: 'postgres', description: `${counts.answered} acknowledged, ${counts.inFlight} in flight at the kill` });
  } finally {
    await database.drop();
  }
});
