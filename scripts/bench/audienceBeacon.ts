/**
 * The audience beacon's cost (issue 37, decision 028): POST /api/audience/hits as the browser sends it
 * (text/plain JSON), against the real handler and batch writer behind a bare node:http server on loopback,
 * over PGlite in a temporary directory. Prints beacons/s and latency, then checks that the counts written
 * equal the 204s answered. `npm run bench:audience [-- --seconds=10 --connections=50]`
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client.ts';
import { rowsOf } from '../../src/db/queryResults.ts';
import { createAudienceRecorder, startAudienceFlushing } from '../../src/server/audience/audienceRecorder.ts';
import { audienceBeaconHandlers } from '../../src/server/audience/audienceRoutes.ts';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const seconds = arg('seconds', 10);
const connections = arg('connections', 50);

const dataDir = mkdtempSync(join(tmpdir(), 'piquante-audience-bench-'));
const database = await openDatabase({ kind: 'pglite', dataDir });
const recorder = createAudienceRecorder();
const stopFlushing = startAudienceFlushing(recorder, database.db, 5);
const { recordAudienceHit } = audienceBeaconHandlers({ recorder, siteHosts: [], rateLimitPerMinute: 0, clientIp: () => '127.0.0.1' });

const server = http.createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(key, value);
  const request = new Request(url, { method: req.method, headers, body: Buffer.concat(chunks) });
  const answer = await recordAudienceHit({ db: database.db, request, url } as never);
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  res.end();
});
await new Promise<void>((resolve) => server.listen(5183, '127.0.0.1', resolve));

const agent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const requests = Array.from({ length: 500 }, (_, i) => ({
  method: 'POST' as const,
  path: '/api/audience/hits',
  headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': agent },
  body: JSON.stringify({ path: `/rubrique-${i % 10}/article-${i}`, view: true, referrer: i % 3 ? 'www.google.com' : '' }),
}));
const result = await autocannon({ url: 'http://127.0.0.1:5183', connections, duration: seconds, requests });
await stopFlushing();
const [written] = rowsOf<{ views: unknown }>(await database.db.execute(sql`select coalesce(sum(views), 0) as views from audience_pages`));
console.log(
  `beacons/s ${Math.round(result.requests.average)}  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  ` +
    `204 ${result['2xx']}  other ${result.non2xx + result.errors}  written ${Number(written?.views ?? 0)}`,
);
server.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
