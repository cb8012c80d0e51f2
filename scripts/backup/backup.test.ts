/**
 * npm run backup / restore (issue 23): a magazine with articles, quizzes, subscribers, staff and media files
 * is backed up by the operator command, restored elsewhere by the other, and every table and every file
 * compared; on PGlite and PostgreSQL. A damaged file, a non-empty target and a running PGlite server are
 * refused with a sentence, nothing written.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { acquireDataDirLock } from '../../src/db/dataDirLock.ts';
import { tablesInOrder } from '../../src/server/backup/backup.server.ts';
import { signup } from '../../src/server/newsletter/subscribers.server.ts';
import { createStaff } from '../../src/server/newsroom/staff.server.ts';
import { seedDemoContent } from '../../src/server/seed/seedDemoContent.server.ts';
import { createOperatorDatabase, type OperatorDatabase, runOperatorScript } from '../../src/testing/operatorDatabase.ts';
import { createTestDatabase, testDatabaseKinds } from '../../src/testing/testDatabase.ts';

async function fill(db: Database) {
  await seedDemoContent(db, { articles: 40 });
  const now = new Date('2026-11-20T10:00:00Z');
  for (const email of ['camille@exemple.fr', 'leo@exemple.fr']) {
    await signup(db, { email, postcode: '75011', newsletterType: 1, origin: 'footer-home', doubleOptIn: false, now });
  }
  await createStaff(db, { email: 'alice@piquante.test', name: 'Alice Admin', role: 'admin', password: 'un mot de passe assez long' });
}

/** Every table as PostgreSQL writes it, in a stable order. */
async function contents(db: Database): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of await tablesInOrder(db)) {
    const result = (await db.execute(sql.raw(`SELECT row_to_json(t)::text AS row FROM "${table.name}" t ORDER BY 1`))) as unknown as {
      rows: { row: string }[];
    };
    out[table.name] = result.rows.map((r) => r.row).sort();
  }
  return out;
}

async function openTarget(env: NodeJS.ProcessEnv): Promise<{ db: Database; close: () => Promise<void> }> {
  const handle = env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
    : await openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR ?? null });
  return { db: handle.db, close: handle.close };
}

describe.each(testDatabaseKinds)('backup and restore on %s', (kind) => {
  let source: OperatorDatabase;
  let work: string;
  let sourceMedia: string;
  let file: string;

  beforeAll(async () => {
    source = await createOperatorDatabase(kind, fill);
    work = mkdtempSync(join(tmpdir(), 'piquante-backup-'));
    sourceMedia = join(work, 'media-source');
    mkdirSync(join(sourceMedia, 'library', 'ab'), { recursive: true });
    writeFileSync(join(sourceMedia, 'library', 'ab', 'abcdef-480.webp'), Buffer.from([1, 2, 3, 4, 250]));
    writeFileSync(join(sourceMedia, 'library', 'ab', 'abcdef-960.avif'), Buffer.alloc(70_000, 7));
    file = join(work, 'sauvegarde.piquante.gz');
  }, 180_000);
  afterAll(async () => {
    await source?.dispose();
    rmSync(work, { recursive: true, force: true });
  });

  async function emptyTarget(): Promise<{ env: NodeJS.ProcessEnv; dispose: () => Promise<void> }> {
    if (kind === 'pglite') {
      const dir = mkdtempSync(join(work, 'target-'));
      return { env: { DATA_DIR: dir }, dispose: async () => {} };
    }
    const database = await createTestDatabase('postgres');
    return { env: { DATABASE_URL: database.url ?? '' }, dispose: () => database.dispose() };
  }

  it('restores every table and every media file of a filled magazine into an empty database', async () => {
    const made = await runOperatorScript('backup/backup.ts', ['--output', file], { ...source.env, MEDIA_DIR: sourceMedia });
    expect(made.stdout).toMatch(/Sauvegarde écrite .* 2 fichiers de médias/);
    const target = await emptyTarget();
    const targetMedia = join(work, `media-${kind}`);
    try {
      const restored = await runOperatorScript('backup/restore.ts', [file], { ...target.env, MEDIA_DIR: targetMedia });
      expect(restored.stdout).toMatch(/Sauvegarde restaurée/);
      const before = await openTarget(source.env);
      const after = await openTarget(target.env);
      try {
        const [a, b] = [await contents(before.db), await contents(after.db)];
        expect(Object.keys(b)).toEqual(Object.keys(a));
        for (const table of Object.keys(a)) expect(b[table], table).toEqual(a[table]);
        expect(a.articles?.length).toBe(40);
        expect(a.subscribers?.length).toBe(2);
        expect(a.staff?.length).toBe(1);
        expect((a.quizzes?.length ?? 0) > 0).toBe(true);
        // New rows after a restore get new ids, not ones the backup already uses.
        await after.db.execute(
          sql`INSERT INTO subscribers (email, postcode, newsletter_type, origin, status, consent, created_at) SELECT 'nouveau@exemple.fr', postcode, newsletter_type, origin, status, consent, created_at FROM subscribers LIMIT 1`,
        );
      } finally {
        await before.close();
        await after.close();
      }
      for (const name of ['library/ab/abcdef-480.webp', 'library/ab/abcdef-960.avif']) {
        expect(readFileSync(join(targetMedia, name)).equals(readFileSync(join(sourceMedia, name))), name).toBe(true);
      }
      // Into a database that is not empty any more: refused, with a sentence.
      const again = runOperatorScript('backup/restore.ts', [file], { ...target.env, MEDIA_DIR: targetMedia });
      await expect(again).rejects.toMatchObject({ stderr: expect.stringMatching(/pas vide|not empty/) });
    } finally {
      await target.dispose();
    }
  }, 180_000);

  it('refuses a damaged or truncated file and a file that is no backup, and writes nothing', async () => {
    const whole = readFileSync(file);
    const truncated = join(work, 'tronquee.gz');
    writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    const foreign = join(work, 'autre.gz');
    writeFileSync(foreign, gzipSync('{"hello":"world"}\n'));
    const plain = join(work, 'texte.txt');
    writeFileSync(plain, 'pas une sauvegarde');
    for (const bad of [truncated, foreign, plain, join(work, 'absente.gz')]) {
      const target = await emptyTarget();
      try {
        await expect(
          runOperatorScript('backup/restore.ts', [bad], { ...target.env, MEDIA_DIR: join(work, 'media-refused') }),
          bad,
        ).rejects.toMatchObject({
          stderr: expect.stringMatching(/Restauration impossible/),
        });
        const opened = await openTarget(target.env);
        try {
          expect((await contents(opened.db)).articles, bad).toEqual([]);
        } finally {
          await opened.close();
        }
      } finally {
        await target.dispose();
      }
    }
  }, 180_000);

  it.runIf(kind === 'pglite')('says so when a server holds the embedded database', async () => {
    const release = acquireDataDirLock(source.dataDir ?? '');
    try {
      await expect(runOperatorScript('backup/backup.ts', ['--output', join(work, 'x.gz')], source.env)).rejects.toMatchObject({
        stderr: expect.stringMatching(/DATA_DIR|utilis|lock|verrou/i),
      });
    } finally {
      release?.();
    }
  });
});
