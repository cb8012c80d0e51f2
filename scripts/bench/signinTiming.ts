/**
 * npm run bench:signin-timing [-- --rounds=150 --db=pglite|postgres]
 * Does a failed newsroom sign-in take the same time whoever tries? An attacker who times the answers must not
 * learn which addresses have an account (issue 23). Sends, interleaved at random through the real API table
 * (router, rate limiter, JSON parsing, Argon2id), sign-ins with an unknown address, a known address and a
 * wrong password, and a disabled account's right password; prints each kind's latency percentiles and the
 * gap between medians. A figure, not a test: the suite never times anything.
 */
import { randomInt } from 'node:crypto';
import { openDatabase } from '../../src/db/client.ts';
import { createApiHandler } from '../../src/server/http/apiRouter.ts';
import { createMemoryStore } from '../../src/server/http/sharedStore.ts';
import { createClock } from '../../src/server/newsroom/clock.ts';
import { mediaStorageFromEnv } from '../../src/server/config/mediaStorageConfig.ts';
import { newsroomConfigFromEnv } from '../../src/server/config/newsroomConfig.ts';
import { transportSecurityFromEnv } from '../../src/server/config/transportSecurity.ts';
import { newsroomHandlers } from '../../src/server/newsroom/http/newsroomHandlers.ts';
import { createStaff, setStaffActive } from '../../src/server/newsroom/staff.server.ts';
import { composeTestApiHandlers } from '../../src/testing/testApiHandler.ts';
import { numberArg } from './benchServer.ts';

const argv = process.argv.slice(2);
const rounds = numberArg(argv, 'rounds', 150);
const database = argv.find((a) => a.startsWith('--db='))?.slice(5) ?? 'pglite';
const url = process.env.DATABASE_URL;
if (database === 'postgres' && !url) throw new Error('--db=postgres needs DATABASE_URL (an empty database it may write to).');

const handle = await openDatabase(database === 'postgres' && url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: null });
const password = 'un mot de passe assez long';
const stamp = Date.now();
const known = `mesure-${stamp}@piquante.test`;
const disabled = `desactive-${stamp}@piquante.test`;
const admin = await createStaff(handle.db, { email: known, name: 'Mesure', role: 'admin', password });
const off = await createStaff(handle.db, { email: disabled, name: 'Désactivé', role: 'editor', password });
const disabling = await setStaffActive(handle.db, admin, off.id, false, new Date());
if (!disabling.ok) throw new Error('could not disable the account');

const handler = createApiHandler(handle.db, {
  ...composeTestApiHandlers(),
  ...newsroomHandlers({
    config: newsroomConfigFromEnv({ ADMIN_LOGIN_RATE_LIMIT: '999999' }),
    transport: transportSecurityFromEnv({}),
    storage: mediaStorageFromEnv({}),
    clock: createClock(),
    store: createMemoryStore(),
  }),
});

const kinds = {
  'unknown address': { email: `personne-${stamp}@piquante.test`, password },
  'wrong password': { email: known, password: 'pas le bon mot de passe du tout' },
  'disabled account': { email: disabled, password },
} as const;
type Kind = keyof typeof kinds;

async function attempt(kind: Kind): Promise<number> {
  const started = process.hrtime.bigint();
  const response = await handler(
    new Request('http://magazine.test/api/admin/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(kinds[kind]),
    }),
  );
  await response.arrayBuffer();
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  if (response.status !== 401) throw new Error(`${kind}: expected 401, got ${response.status}`);
  return elapsed;
}

const names = Object.keys(kinds) as Kind[];
// Warm-up: the dummy hash of unknown addresses is computed once, JIT and caches settle.
for (let i = 0; i < 10; i++) for (const kind of names) await attempt(kind);
const samples: Record<Kind, number[]> = { 'unknown address': [], 'wrong password': [], 'disabled account': [] };
const order = names.flatMap((kind) => Array.from({ length: rounds }, () => kind));
for (let i = order.length - 1; i > 0; i--) {
  const j = randomInt(i + 1);
  [order[i], order[j]] = [order[j] as Kind, order[i] as Kind];
}
for (const kind of order) samples[kind].push(await attempt(kind));

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
console.log(`Failed sign-ins, ${rounds} of each kind interleaved at random (${database}), milliseconds:`);
console.log('| kind | p10 | median | p90 |');
console.log('|---|---:|---:|---:|');
for (const kind of names) {
  const values = samples[kind];
  console.log(
    `| ${kind} | ${percentile(values, 10).toFixed(1)} | ${percentile(values, 50).toFixed(1)} | ${percentile(values, 90).toFixed(1)} |`,
  );
}
const medians = names.map((kind) => percentile(samples[kind], 50));
const gap = Math.max(...medians) - Math.min(...medians);
console.log(`Largest gap between medians: ${gap.toFixed(1)} ms (${((100 * gap) / Math.min(...medians)).toFixed(1)} % of the fastest).`);
await handle.close();
