/**
 * consent:export as an operator runs it (a child process on a real database): every proof as JSON Lines,
 * oldest first, or one reader's history by consent id. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { saveConsentRecord } from '../../src/server/consent/consentRecords.server.ts';
import { createOperatorDatabase, type OperatorDatabase, runOperatorScript } from '../../src/testing/operatorDatabase.ts';
import { testDatabaseKinds } from '../../src/testing/testDatabase.ts';

const A = '11111111-2222-4333-8444-555555555555';
const B = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';

const exportProofs = (args: string[], env: NodeJS.ProcessEnv) => runOperatorScript('consent/consent-export.ts', args, env);

async function fill(db: Database) {
  const lists = { enabled: ['necessary'], disabled: ['marketing'] };
  await saveConsentRecord(
    db,
    { consentId: A, policyVersion: 1, acceptType: 'necessary', purposes: lists, vendors: { enabled: [], disabled: ['piquante'] } },
    new Date('2026-11-23T10:00:00Z'),
  );
  await saveConsentRecord(
    db,
    {
      consentId: B,
      policyVersion: 1,
      acceptType: 'all',
      purposes: { enabled: ['necessary', 'marketing'], disabled: [] },
      vendors: { enabled: ['piquante'], disabled: [] },
    },
    new Date('2026-11-23T10:01:00Z'),
  );
  await saveConsentRecord(
    db,
    {
      consentId: A,
      policyVersion: 1,
      acceptType: 'custom',
      purposes: { enabled: ['necessary', 'marketing'], disabled: [] },
      vendors: { enabled: ['piquante'], disabled: [] },
    },
    new Date('2026-11-23T10:02:00Z'),
  );
}

describe.each(testDatabaseKinds)('consent:export on %s', (kind) => {
  let operator: OperatorDatabase;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    operator = await createOperatorDatabase(kind, fill);
    env = operator.env;
  }, 120_000);
  afterAll(async () => {
    await operator?.dispose();
  });

  it('writes every proof as a JSON line, oldest first, and one reader’s history with --consent-id', async () => {
    const all = await exportProofs([], env);
    const lines = all.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { consentId: string; acceptType: string; recordedAt: string });
    expect(lines.map((l) => [l.consentId, l.acceptType])).toEqual([
      [A, 'necessary'],
      [B, 'all'],
      [A, 'custom'],
    ]);
    expect(lines[0]?.recordedAt).toBe('2026-11-23T10:00:00.000Z');
    expect(all.stderr).toContain('3 preuve(s) de consentement exportée(s)');
    const one = await exportProofs(['--consent-id', A.toUpperCase()], env);
    expect(one.stdout.trim().split('\n')).toHaveLength(2);
    await expect(exportProofs(['--consent-id', 'pas-un-uuid'], env)).rejects.toMatchObject({ code: 2 });
  }, 120_000);
});
