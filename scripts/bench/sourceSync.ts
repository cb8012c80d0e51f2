/**
 * npm run bench:source-sync -- --env DIR/env [--database-url postgres://…] [--per-page 100]
 *
 * The first synchronisation of a real WordPress (issue 35): a throwaway one made by
 * `scripts/sources/wordpress.sh start DIR PORT 10000` (its KEY=value lines are in DIR/env), read by the sync
 * engine into a fresh database (PGlite in a temporary directory, or the PostgreSQL database given), pass after
 * pass until the first synchronisation is done. Prints the wall time, posts per second and this process's peak
 * memory (VmHWM), then a second pass (nothing changed) and a reconciliation.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { count, isNotNull } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client.ts';
import { newsroomArticles } from '../../src/db/schema.ts';
import { directoryStorage } from '../../src/server/newsroom/mediaStorage.ts';
import { createSourceSync } from '../../src/server/sources/syncEngine.ts';
import { readSyncState } from '../../src/server/sources/syncState.ts';
import { createWordPressSource } from '../../src/server/sources/wordpress/wordpressSource.ts';

const { values } = parseArgs({
  options: { env: { type: 'string' }, 'database-url': { type: 'string' }, 'per-page': { type: 'string', default: '100' } },
});
if (!values.env) throw new Error('--env DIR/env (printed by scripts/sources/wordpress.sh start) is required');
const env = Object.fromEntries(
  readFileSync(values.env, 'utf8')
    .trim()
    .split('\n')
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);

const peakMb = () => Math.round(Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024);
const dir = mkdtempSync(join(tmpdir(), 'piquante-bench-sync-'));
const database = values['database-url']
  ? await openDatabase({ kind: 'postgres', url: values['database-url'], maxConnections: 4 })
  : await openDatabase({ kind: 'pglite', dataDir: join(dir, 'data') });
const source = createWordPressSource({
  url: env.WORDPRESS_URL as string,
  credentials: { user: env.WORDPRESS_USER as string, password: env.WORDPRESS_APP_PASSWORD as string },
  policy: { allowHosts: [] },
  timeoutMs: 60_000,
  maxBytes: 64 * 1024 * 1024,
  imageMaxBytes: 15 * 1024 * 1024,
  perPage: Number(values['per-page']),
});
const sync = createSourceSync({
  db: database.background,
  source,
  storage: directoryStorage(join(dir, 'media')),
  limits: { imageBytes: 15 * 1024 * 1024, audioBytes: 15 * 1024 * 1024 },
  now: () => new Date(),
  contentChanged: () => {},
  reconcileSeconds: 86_400,
  log: (line) => {
    if (!line.includes('first synchronisation')) console.log(line);
  },
});

console.log(
  `load average at start: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} (2 shared cores)`,
);
let started = performance.now();
let passes = 0;
for (;;) {
  passes++;
  const outcome = await sync.poll();
  if (!outcome.ok) throw new Error(`pass failed: ${outcome.error}`);
  const state = await readSyncState(database.background, 'wordpress');
  process.stdout.write(`\rposts read: ${state.postsDone}${state.postsTotal ? ` of ${state.postsTotal}` : ''}   `);
  if (state.firstSyncDoneAt) break;
}
const seconds = (performance.now() - started) / 1000;
const [written] = await database.background.select({ n: count() }).from(newsroomArticles).where(isNotNull(newsroomArticles.sourceId));
console.log(
  `\nfirst synchronisation: ${written?.n} articles in ${seconds.toFixed(1)} s (${((written?.n ?? 0) / seconds).toFixed(0)} posts/s), ${passes} pass(es), peak memory ${peakMb()} MB (${database.kind})`,
);
started = performance.now();
await sync.poll();
console.log(`a poll with nothing changed: ${((performance.now() - started) / 1000).toFixed(2)} s`);
started = performance.now();
await sync.poll({ reconcile: true });
console.log(
  `a reconciliation (every published id listed): ${((performance.now() - started) / 1000).toFixed(1)} s; peak memory ${peakMb()} MB`,
);
await database.close();
rmSync(dir, { recursive: true, force: true });
