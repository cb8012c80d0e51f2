/**
 * newsletter:send and newsletter:status as an operator runs them (child processes, real database, PGlite and
 * PostgreSQL): the issue composed from the most recent articles and queued for the servers, its state and
 * counts printed; wrong arguments refused in French with exit code 2, nothing written.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { seedDemoContent } from '../../src/server/seed/seedDemoContent.server.ts';
import { createOperatorDatabase, type OperatorDatabase, runOperatorScript } from '../../src/testing/operatorDatabase.ts';
import { testDatabaseKinds } from '../../src/testing/testDatabase.ts';

const script = (name: string, args: string[], env: NodeJS.ProcessEnv) => runOperatorScript(`newsletter/${name}.ts`, args, env);

describe.each(testDatabaseKinds)('newsletter:send and newsletter:status on %s', (kind) => {
  let operator: OperatorDatabase;

  beforeAll(async () => {
    operator = await createOperatorDatabase(kind, async (db) => {
      await seedDemoContent(db, { articles: 12 });
      await db.execute(sql`
        INSERT INTO subscribers (email, postcode, newsletter_type, origin, status, consent, confirmed_at)
        SELECT 'abonnee-' || i || '@exemple.fr', '75011', 1, 'test', 'active', '{"version":"t","text":"t","doubleOptIn":false}'::jsonb, now()
        FROM generate_series(1, 25) AS i`);
    });
  }, 120_000);
  afterAll(async () => {
    await operator?.dispose();
  });

  it('composes an issue from the N most recent articles and queues it for the servers', async () => {
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const { stdout } = await script('newsletter-send', ['--latest', '4', '--subject', 'Le meilleur du mois', '--at', at], operator.env);
    expect(stdout).toMatch(/Numéro \d+ « Le meilleur du mois » \(SELF CARE CLUB\) : 4 article\(s\), programmé pour .* — 25 abonné\(s\)/);
    const status = await script('newsletter-status', [], operator.env);
    expect(status.stdout).toMatch(/\tprogrammé\tSELF CARE CLUB\t0\t0\t0\t0\t0\t0\tLe meilleur du mois/);
    // The demo's issue, already sent.
    expect(status.stdout).toMatch(/\tenvoyé\tSELF CARE CLUB\t.*Le meilleur de la semaine/);

    // The start job waits in the queue for its time.
    const target = kind === 'pglite' ? { kind, dataDir: operator.dataDir } : { kind, url: operator.env.DATABASE_URL ?? '' };
    const handle = await openDatabase(target as never);
    try {
      const jobs = (await handle.db.execute(
        sql`SELECT data, start_after FROM pgboss.job WHERE name = 'newsletter.issue.start'`,
      )) as unknown as {
        rows: { data: { issueId: number }; start_after: Date }[];
      };
      expect(jobs.rows).toHaveLength(1);
      expect(new Date(jobs.rows[0]?.start_after ?? 0).toISOString()).toBe(at);
    } finally {
      await handle.close();
    }
  });

  it.each([
    [['--subject', 'Sans nombre'], /--latest/],
    [['--latest', '0', '--subject', 'Zéro'], /--latest/],
    [['--latest', '31', '--subject', 'Trop'], /--latest/],
    [['--latest', '3'], /--subject/],
    [['--latest', '3', '--subject', 'x', '--type', '3'], /--type/],
    [['--latest', '3', '--subject', 'x', '--at', 'demain'], /--at/],
    [['--latest', '3', '--subject', 'x', '--at', '2020-01-01T00:00:00Z'], /passée/],
  ])('refuses %j with exit code 2 and a French sentence', async (args, message) => {
    const failed = await script('newsletter-send', args as string[], operator.env).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(2);
    expect(failed?.stderr).toMatch(message);
  });
});
