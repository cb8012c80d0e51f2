/**
 * npm run cache:purge: every running server process forgets its rendered pages (after an edit made
 * straight in the database, say). Sent by PostgreSQL NOTIFY (DATABASE_URL) and on the Redis channel
 * (REDIS_URL). A PGlite server is one process holding its data directory: send it SIGUSR2 instead.
 * With cache tags as arguments (`npm run cache:purge -- a:12 c:mode`, decision 032), only the pages and
 * answers showing them go. The CDN is not told from here: its copies expire by their own s-maxage.
 */
import { isCacheTag } from '../src/server/cache/cacheTags.ts';
import { contentChangeRoutesFromEnv } from '../src/server/config/contentChangeRoutes.ts';
import { notifyContentChanged } from '../src/server/http/pageCacheInvalidation.ts';

const tags = process.argv.slice(2);
const wrong = tags.filter((tag) => !isCacheTag(tag));
if (wrong.length > 0) {
  console.error(`Not cache tags: ${wrong.join(' ')} (tags look like a:12, c:mode, list:articles; no space nor comma).`);
  process.exit(1);
}
const sent = await notifyContentChanged(contentChangeRoutesFromEnv(process.env), { tags: tags.length > 0 ? tags : undefined });
if (sent.length === 0) {
  console.error(
    'Nothing to notify: neither DATABASE_URL nor REDIS_URL is set. A server on PGlite purges its page cache on SIGUSR2 (kill -USR2 <pid>; the pid is printed at start-up).',
  );
  process.exit(1);
}
console.log(`Page caches purged${tags.length > 0 ? ` for ${tags.join(' ')}` : ''} (message sent through ${sent.join(' and ')}).`);
