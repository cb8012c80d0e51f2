/** Where content-changed messages travel (pageCacheInvalidation.ts), for scripts and tests that have only an environment. */
import type { ContentChangeRoutes } from '../http/pageCacheInvalidation.ts';
import { databaseTargetFromEnv } from './databaseTarget.ts';

export function contentChangeRoutesFromEnv(env: NodeJS.ProcessEnv): ContentChangeRoutes {
  return { database: databaseTargetFromEnv(env), redisUrl: env.REDIS_URL?.trim() || null };
}
