/**
 * npm run bench:newsletter [-- --subscribers=50000 --workers=2 --db=postgres|pglite --rate=2000]
 * Sends one issue to N subscribers through the production build (the job queue, SMTP through a pooled
 * transport) to a local SMTP sink running in a process of its own, and prints messages per second (first to
 * last message at the sink) and the peak RSS of the server's processes. Bounded: it stops by itself.
 */
import { execFile, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client.ts';
import { ensureBuild, numberArg, prepareBenchDatabase, serveBench } from './benchServer.ts';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const argv = process.argv.slice(2);
const subscribers = numberArg(argv, 'subscribers', 50_000);
const workers = numberArg(argv, 'workers', 2);
const rate = numberArg(argv, 'rate', 2000);
const kind = (argv.find((a) => a.startsWith('--db='))?.slice(5) ?? 'postgres') as 'postgres' | 'pglite';

/** The sink: a bare SMTP server in a child process that counts messages and reports once per 250 ms. */
const sinkSource = `
import { SMTPServer } from 'smtp-server';
let count = 0;
const server = new SMTPServer({ authOptional: true, disabledCommands: ['AUTH', 'STARTTLS'], logger: false,
  onData(stream, _session, callback) { stream.on('data', () => {}); stream.on('end', () => { count++; callback(); }); } });
server.listen(0, '127.0.0.1', () => {
  process.send({ port: server.server.address().port });
  setInterval(() => process.send({ count, at: Date.now() }), 250);
});
`;

ensureBuild();
const sink = spawn(process.execPath, ['--input-type=module', '-e', sinkSource], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
let received = 0;
let firstAt = 0;
let lastAt = 0;
const port = await new Promise<number>((done) => {
  sink.on('message', (message: { port?: number; count?: number; at?: number }) => {
    if (message.port) done(message.port);
    if (message.count !== undefined && message.at !== undefined) {
      if (message.count > 0 && firstAt === 0) firstAt = message.at;
      if (message.count > received) lastAt = message.at;
      received = message.count;
    }
  });
});

const database = await prepareBenchDatabase(kind, 50);
const handle = await openDatabase(
  kind === 'postgres'
    ? { kind: 'postgres', url: database.env.DATABASE_URL ?? '' }
    : { kind: 'pglite', dataDir: database.env.DATA_DIR ?? '' },
);
console.log(`Adding ${subscribers} confirmed subscribers…`);
// One statement: the bench measures sending, not signing up.
await handle.db.execute(
  sql`
    INSERT INTO subscribers (email, postcode, newsletter_type, origin, status, consent, confirmed_at)
    SELECT 'lectrice-' || i || '@exemple.fr', '75011', 1, 'bench', 'active', '{"version":"b","text":"b","doubleOptIn":false}'::jsonb, now()
    FROM generate_series(1, ${subscribers}) AS i`,
);
await handle.close();

const env = {
  SMTP_URL: `smtp://127.0.0.1:${port}`,
  SITE_URL: 'http://magazine.test',
  NEWSLETTER_SEND_RATE: String(rate),
  WORKERS: String(workers),
};
const queueIssue = () =>
  run(
    process.execPath,
    ['--experimental-strip-types', '--no-warnings', 'scripts/newsletter/newsletter-send.ts', '--latest', '5', '--subject', 'Banc d’essai'],
    {
      cwd: root,
      env: { ...process.env, ...database.env, ...env },
    },
  );
// PGlite: one process per data directory, so the issue is queued before the server starts (it leaves then).
if (kind === 'pglite') await queueIssue();
const server = await serveBench(database, 4470, kind === 'pglite' ? { ...env, WORKERS: '1' } : env);

/** RSS of the server and every process under it (cluster workers), in MB, from /proc. */
function rssOfTree(pid: number): number {
  const stats = new Map<number, { ppid: number; rssPages: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(entry), { ppid: Number(fields[1]), rssPages: Number(fields[21]) });
    } catch {
      // Gone meanwhile.
    }
  }
  const children = new Map<number, number[]>();
  for (const [child, { ppid }] of stats) children.set(ppid, [...(children.get(ppid) ?? []), child]);
  let total = 0;
  const visit = (at: number) => {
    total += (stats.get(at)?.rssPages ?? 0) * 4096;
    for (const child of children.get(at) ?? []) visit(child);
  };
  visit(pid);
  return total / 1024 / 1024;
}

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, rssOfTree(server.pid));
}, 200);

const started = Date.now();
try {
  if (kind === 'postgres') await queueIssue();
  const deadline = started + 30 * 60_000;
  while (received < subscribers && Date.now() < deadline) await new Promise((done) => setTimeout(done, 250));
} finally {
  clearInterval(sampler);
  await server.stop();
  sink.kill();
  await database.drop();
}
const seconds = (lastAt - firstAt) / 1000;
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`\n| database | WORKERS | subscribers | received | messages/s | peak RSS (all processes) | load average |`);
console.log('|---|---:|---:|---:|---:|---:|---|');
console.log(
  `| ${kind} | ${kind === 'pglite' ? 1 : workers} | ${subscribers} | ${received} | ${Math.round(received / Math.max(seconds, 0.001))} | ${Math.round(peakRss)} MB | ${load} |`,
);
