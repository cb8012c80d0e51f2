/**
 * What the tests of operator commands (npm run consent:export, subscribers:*, popin:survey-results) share:
 * a filled database that the command opens by itself, as an operator would — a PGlite directory (closed
 * again, so the command can take its lock) or a throwaway PostgreSQL database — and a way to run the
 * command as a child process against it.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { type Database, openDatabase } from '../db/client.ts';
import { createTestDatabase, type TestDatabaseKind } from './testDatabase.ts';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');

export interface OperatorDatabase {
  /** DATA_DIR or DATABASE_URL, for the command's environment. */
  env: NodeJS.ProcessEnv;
  /** The PGlite directory (null on PostgreSQL), for tests about its lock. */
  dataDir: string | null;
  dispose(): Promise<void>;
}

export async function createOperatorDatabase(kind: TestDatabaseKind, fill: (db: Database) => Promise<void>): Promise<OperatorDatabase> {
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'piquante-operators-'));
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    await fill(handle.db);
    await handle.close();
    return { env: { DATA_DIR: dataDir }, dataDir, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const database = await createTestDatabase('postgres');
  await fill(database.db);
  return { env: { DATABASE_URL: database.url ?? '' }, dataDir: null, dispose: () => database.dispose() };
}

/** Runs `scripts/<path>` with the project's Node, on the given database only (never the developer's own). */
export function runOperatorScript(path: string, args: string[], env: NodeJS.ProcessEnv) {
  return run(process.execPath, ['--experimental-strip-types', '--no-warnings', `scripts/${path}`, ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', ...env },
  });
}
