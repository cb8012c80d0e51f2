/**
 * npm run import (issue 20) as an operator runs it, on PGlite and PostgreSQL: a generated WordPress export
 * with its uploads, the report (printed and --report JSON), a second run that changes nothing, --dry-run,
 * an import killed with SIGKILL mid-way then run again to completion with nothing twice, a file that is no
 * export, and a PGlite directory held by a running server.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { acquireDataDirLock } from '../../src/db/dataDirLock.ts';
import { seedDemoContent } from '../../src/server/seed/seedDemoContent.server.ts';
import { createOperatorDatabase, type OperatorDatabase, runOperatorScript } from '../../src/testing/operatorDatabase.ts';
import { testDatabaseKinds } from '../../src/testing/testDatabase.ts';
import { writeGeneratedWxr } from '../bench/importWxr.ts';

const root = resolve(import.meta.dirname, '../..');

async function withDatabase<T>(env: NodeJS.ProcessEnv, read: (db: Database) => Promise<T>): Promise<T> {
  const handle = env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
    : await openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR ?? null });
  try {
    return await read(handle.db);
  } finally {
    await handle.close();
  }
}

async function imported(env: NodeJS.ProcessEnv) {
  return withDatabase(env, async (db) => {
    const result = (await db.execute(sql`SELECT
      (SELECT count(*) FROM import_items WHERE kind = 'post')::int AS items,
      (SELECT count(*) FROM newsroom_articles WHERE title LIKE 'Article numéro %')::int AS articles,
      (SELECT count(DISTINCT title) FROM newsroom_articles WHERE title LIKE 'Article numéro %')::int AS titles,
      (SELECT count(*) FROM media)::int AS media,
      (SELECT count(*) FROM redirects)::int AS redirects`)) as unknown as { rows: Record<string, number>[] };
    return result.rows[0] ?? {};
  });
}

describe.each(testDatabaseKinds)('npm run import on %s', (kind) => {
  let work: string;
  let small: string;
  let large: string;
  let uploads: string;
  const databases: OperatorDatabase[] = [];
  const fresh = async (): Promise<NodeJS.ProcessEnv> => {
    const database = await createOperatorDatabase(kind, (db) => seedDemoContent(db, { articles: 4 }).then(() => {}));
    databases.push(database);
    return { ...database.env, MEDIA_DIR: join(work, `media-${databases.length}`) };
  };

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'piquante-import-cli-'));
    uploads = join(work, 'uploads');
    small = join(work, 'small.xml');
    large = join(work, 'large.xml');
    await writeGeneratedWxr(small, { posts: 30, imagesPerPost: 2, distinctImages: 3, uploadsDir: uploads });
    await writeGeneratedWxr(large, { posts: 600, imagesPerPost: 0, distinctImages: 0 });
  }, 60_000);
  afterAll(async () => {
    for (const database of databases) await database.dispose();
    rmSync(work, { recursive: true, force: true });
  });

  it('imports, reports, and changes nothing the second time', async () => {
    const env = await fresh();
    const reportFile = join(work, `report-${kind}.json`);
    const first = await runOperatorScript(
      'import/import.ts',
      ['wordpress', small, '--uploads', uploads, '--no-download', '--report', reportFile],
      env,
    );
    expect(first.stdout).toMatch(/Import terminé/);
    expect(first.stdout).toMatch(/articles\s+30\s/);
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as { counts: Record<string, { imported: number }> };
    expect(report.counts.post?.imported).toBe(30);
    const after = await imported(env);
    expect(after).toMatchObject({ items: 30, articles: 30, titles: 30, media: 3 });
    const again = await runOperatorScript('import/import.ts', ['wordpress', small, '--uploads', uploads, '--no-download'], env);
    expect(again.stdout).toMatch(/articles\s+0\s+0\s+30\s/);
    expect(await imported(env)).toEqual(after);
  }, 180_000);

  it('--dry-run writes nothing and prints the report', async () => {
    const env = await fresh();
    const before = await imported(env);
    const dry = await runOperatorScript('import/import.ts', ['wordpress', small, '--uploads', uploads, '--no-download', '--dry-run'], env);
    expect(dry.stdout).toMatch(/Essai à blanc/);
    expect(dry.stdout).toMatch(/articles\s+30\s/);
    expect(await imported(env)).toEqual(before);
  }, 180_000);

  it('an import killed mid-way is run again to completion, nothing twice', async () => {
    const env = await fresh();
    const child = spawn(
      process.execPath,
      ['--experimental-strip-types', '--no-warnings', 'scripts/import/import.ts', 'wordpress', large, '--no-download'],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', ...env },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    const exited = new Promise((r) => child.once('exit', r));
    // Killed once some posts are in (the progress lines say so), never letting it finish.
    let output = '';
    await new Promise<void>((done) => {
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const progress = [...output.matchAll(/(\d+)\/600/g)].map((m) => Number(m[1]));
        if (progress.some((n) => n >= 60 && n < 600)) {
          child.kill('SIGKILL');
          done();
        }
      });
      void exited.then(() => done());
    });
    await exited;
    expect(output).not.toMatch(/Error/);
    const cut = await imported(env);
    expect(cut.articles).toBeGreaterThan(0);
    expect(cut.articles).toBeLessThan(600);
    const rerun = await runOperatorScript('import/import.ts', ['wordpress', large, '--no-download'], env);
    expect(rerun.stdout).toMatch(/Import terminé/);
    expect(await imported(env)).toMatchObject({ items: 600, articles: 600, titles: 600 });
  }, 240_000);

  it('refuses a file that is no export, with a sentence, and writes nothing', async () => {
    const env = await fresh();
    const before = await imported(env);
    const bad = join(work, 'pas-un-export.xml');
    writeFileSync(bad, '<?xml version="1.0"?><rss version="2.0"><channel><title>Un flux</title></channel></rss>');
    await expect(runOperatorScript('import/import.ts', ['wordpress', bad], env)).rejects.toMatchObject({
      stderr: expect.stringMatching(/Import impossible, rien n'a été écrit/),
    });
    await expect(runOperatorScript('import/import.ts', ['joomla', bad], env)).rejects.toMatchObject({
      stderr: expect.stringMatching(/Usage/),
    });
    expect(await imported(env)).toEqual(before);
  }, 120_000);

  it.runIf(kind === 'pglite')(
    'says so when a server holds the embedded database',
    async () => {
      const env = await fresh();
      const release = acquireDataDirLock(env.DATA_DIR ?? '');
      try {
        await expect(runOperatorScript('import/import.ts', ['wordpress', small, '--no-download'], env)).rejects.toMatchObject({
          stderr: expect.stringMatching(/DATA_DIR|utilis|lock|verrou/i),
        });
      } finally {
        release?.();
      }
    },
    60_000,
  );
});
