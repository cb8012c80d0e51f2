/** The database the environment chooses (ARCHITECTURE.md's configuration table): DATABASE_URL, else PGlite under DATA_DIR. */
import { resolve } from 'node:path';
import type { DatabaseTarget } from '../../db/client.ts';

export function databaseTargetFromEnv(env: NodeJS.ProcessEnv): DatabaseTarget {
  const migrationsDir = env.MIGRATIONS_DIR ? { migrationsDir: env.MIGRATIONS_DIR } : {};
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL, ...migrationsDir };
  return { kind: 'pglite', dataDir: resolve(env.DATA_DIR ?? './.data'), ...migrationsDir };
}
