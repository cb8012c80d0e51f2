/**
 * Boots the server side once per process: lock the embedded data directory, open and migrate the
 * database, load the demo content when it is empty, and build the API handler.
 */
import { acquireDataDirLock } from '../db/dataDirLock.ts';
import { type DatabaseHandle, databaseTargetFromEnv, openDatabase } from '../db/client.ts';
import { createApiHandler } from './http/contentApi.ts';
import { seedDemoContentIfEmpty } from './seed/seedDemoContent.server.ts';

export interface ServerApp {
  database: DatabaseHandle;
  handleApi: (request: Request) => Promise<Response>;
}

function seedWanted(env: NodeJS.ProcessEnv, kind: DatabaseHandle['kind']): boolean {
  if (env.SEED_DEMO === undefined || env.SEED_DEMO === '') return kind === 'pglite';
  return !['0', 'false', 'off', 'no'].includes(env.SEED_DEMO.toLowerCase());
}

export async function bootServerApp(env: NodeJS.ProcessEnv = process.env): Promise<ServerApp> {
  const target = databaseTargetFromEnv(env);
  if (target.kind === 'pglite' && target.dataDir) acquireDataDirLock(target.dataDir);
  const database = await openDatabase(target);
  if (seedWanted(env, database.kind)) {
    const seeded = await seedDemoContentIfEmpty(database.db);
    if (seeded) console.log(`[boot] demo content loaded: ${seeded.articles} articles`);
  }
  return { database, handleApi: createApiHandler(database.db) };
}

const APP_KEY = Symbol.for('piquante.serverApp');
type GlobalWithApp = typeof globalThis & { [APP_KEY]?: Promise<ServerApp> };

/** One app per process, shared by every module copy (Vite dev may load a module twice). */
export function getServerApp(): Promise<ServerApp> {
  const g = globalThis as GlobalWithApp;
  g[APP_KEY] ??= bootServerApp();
  return g[APP_KEY];
}
