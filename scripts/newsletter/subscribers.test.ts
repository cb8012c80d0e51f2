/**
 * The operator commands as an operator runs them (child processes, real database): export streams a CSV
 * of every subscriber, refuses a second process on a PGlite directory in use; erase removes one address
 * for good. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock } from '../../src/db/dataDirLock.ts';
import { signup } from '../../src/server/newsletter/subscribers.server.ts';
import { csvCell } from '../../src/server/newsletter/subscribersCsv.ts';
import { createOperatorDatabase, type OperatorDatabase, runOperatorScript } from '../../src/testing/operatorDatabase.ts';
import { testDatabaseKinds } from '../../src/testing/testDatabase.ts';

const script = (name: string, args: string[], env: NodeJS.ProcessEnv) => runOperatorScript(`newsletter/${name}.ts`, args, env);

describe('csvCell', () => {
  it('quotes commas, quotes and newlines, and defuses spreadsheet formulas', () => {
    expect(csvCell('simple@exemple.fr')).toBe('simple@exemple.fr');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('dit "bonjour"')).toBe('"dit ""bonjour"""');
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+33@exemple.fr')).toBe("'+33@exemple.fr");
    expect(csvCell(null)).toBe('');
    expect(csvCell(2)).toBe('2');
  });
});

describe.each(testDatabaseKinds)('subscribers:export and subscribers:erase on %s', (kind) => {
  let operator: OperatorDatabase;
  let env: NodeJS.ProcessEnv;
  const outDir = mkdtempSync(join(tmpdir(), 'piquante-export-'));

  beforeAll(async () => {
    const people = Array.from({ length: 2503 }, (_, i) => `lecteur${i}@exemple.fr`);
    const fill = async (db: Parameters<typeof signup>[0]) => {
      const now = new Date('2026-11-22T10:00:00Z');
      for (const [i, email] of people.entries()) {
        await signup(db, { email, postcode: '75011', newsletterType: 1 + (i % 2), origin: 'footer-home', doubleOptIn: false, now });
      }
      await signup(db, { email: '=cmd@exemple.fr', postcode: '97411', newsletterType: 1, origin: 'popin-mode', doubleOptIn: true, now });
    };
    operator = await createOperatorDatabase(kind, fill);
    env = operator.env;
  }, 600_000);
  afterAll(async () => {
    await operator?.dispose();
    rmSync(outDir, { recursive: true, force: true });
  });

  it('exports every subscriber as CSV, in signup order, with progress on stderr', async () => {
    const file = join(outDir, `${kind}.csv`);
    const { stderr } = await script('subscribers-export', ['--output', file], env);
    const lines = readFileSync(file, 'utf8').split('\r\n');
    expect(lines[0]).toBe(
      'email,postcode,newsletter_type,origin,status,created_at,confirmed_at,unsubscribed_at,consent_version,consent_shown_at',
    );
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(1 + 2504 + 1);
    expect(lines[1]).toMatch(
      /^lecteur0@exemple\.fr,75011,1,footer-home,active,2026-11-22T10:00:00\.000Z,2026-11-22T10:00:00\.000Z,,\d{4}-\d\d-\d\d,2026-11-22T10:00:00\.000Z$/,
    );
    expect(lines[2504]).toMatch(/^'=cmd@exemple\.fr,97411,1,popin-mode,pending,/);
    expect(stderr).toContain('2504 abonné(s) exporté(s)');
    const pending = await script('subscribers-export', ['--status', 'pending'], env);
    expect(pending.stdout.trim().split('\r\n')).toHaveLength(2);
  }, 240_000);

  it('erases one address (normalised as signups store it), and says when there is nothing to erase', async () => {
    const first = await script('subscribers-erase', ['--', '  LECTEUR7@Exemple.FR '], env);
    expect(first.stdout).toContain('Effacé : lecteur7@exemple.fr');
    const second = await script('subscribers-erase', ['lecteur7@exemple.fr'], env);
    expect(second.stdout).toContain("Aucun abonné avec l'adresse lecteur7@exemple.fr");
    await expect(script('subscribers-erase', ['pas-une-adresse'], env)).rejects.toMatchObject({ code: 2 });
    const { stderr } = await script('subscribers-export', ['--output', join(outDir, `${kind}-after.csv`)], env);
    expect(stderr).toContain('2503 abonné(s) exporté(s)');
    expect(readFileSync(join(outDir, `${kind}-after.csv`), 'utf8')).not.toContain('lecteur7@');
  }, 240_000);

  it.runIf(kind === 'pglite')(
    'refuses to run beside a server on the same PGlite directory',
    async () => {
      const release = acquireDataDirLock(operator.dataDir ?? '');
      try {
        // The lock belongs to this (live) test process, as it would to a running server.
        await expect(script('subscribers-export', [], env)).rejects.toMatchObject({
          code: 1,
          stderr: expect.stringContaining('is already using the data directory'),
        });
      } finally {
        release();
      }
    },
    240_000,
  );
});
