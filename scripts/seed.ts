/**
 * npm run seed [-- --articles N]: loads the demo content into the configured database (DATA_DIR's PGlite,
 * or DATABASE_URL); with --articles N, an archive of N articles over 10 years, tagged. Refuses, with a clear
 * message, on a non-empty database.
 */
import { parseArgs } from 'node:util';
import { DatabaseNotEmptyError, DEFAULT_DEMO_ARTICLES, seedDemoContent } from '../src/server/seed/seedDemoContent.server.ts';
import { notifyContentChanged } from '../src/server/http/pageCacheInvalidation.ts';
import { progressBar } from './lib/progressBar.ts';
import { openConfiguredDatabase } from './lib/openConfiguredDatabase.ts';
import { contentChangeRoutesFromEnv } from '../src/server/config/contentChangeRoutes.ts';

const { values } = parseArgs({ options: { articles: { type: 'string' } } });
const articles = values.articles === undefined ? DEFAULT_DEMO_ARTICLES : Number(values.articles);
if (!Number.isInteger(articles) || articles < 1 || articles > 2_000_000) {
  console.error('--articles takes a whole number between 1 and 2 000 000.');
  process.exit(2);
}

const started = performance.now();
const database = await openConfiguredDatabase();
console.log(`Seeding ${articles} articles into ${database.description}…`);
const bar = progressBar(articles, 'articles');
try {
  // An explicit size asks for an archive (10 years, tagged); the bare command loads the demo.
  const archive = values.articles !== undefined;
  const result = await seedDemoContent(database.db, { articles, archive, onProgress: (done) => bar.update(done) });
  bar.done();
  console.log(
    `Done: ${result.articles} articles and the rest of the demo content in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
  // Servers already running on this PostgreSQL (or sharing REDIS_URL) drop the pages they rendered.
  const notified = await notifyContentChanged(contentChangeRoutesFromEnv(process.env));
  if (notified.length > 0) console.log(`Page caches purged (${notified.join(' and ')}).`);
} catch (error) {
  bar.done();
  if (error instanceof DatabaseNotEmptyError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    throw error;
  }
} finally {
  await database.close();
}
