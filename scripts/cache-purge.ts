/**
 * npm run cache:purge: every running server process forgets its rendered pages (after an edit made
 * straight in the database, say). Sent by PostgreSQL NOTIFY (DATABASE_URL) and on the Redis channel
 * (REDIS_URL). A PGlite server is one process holding its data directory: send it SIGUSR2 instead.
 */
import { notifyContentChanged } from '../src/server/http/pageCacheInvalidation.ts';
import { contentChangeRoutesFromEnv } from '../src/server/config/contentChangeRoutes.ts';

const sent = await notifyContentChanged(contentChangeRoutesFromEnv(process.env));
if (sent.length === 0) {
  console.error(
    'Nothing to notify: neither DATABASE_URL nor REDIS_URL is set. A server on PGlite purges its page cache on SIGUSR2 (kill -USR2 <pid>; the pid is printed at start-up).',
  );
  process.exit(1);
}
console.log(`Page caches purged (message sent through ${sent.join(' and ')}).`);
