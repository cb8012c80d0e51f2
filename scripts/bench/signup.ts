/**
 * npm run bench:signup [-- --db=pglite|postgres --seconds=10 --connections=20]
 * Sustained newsletter signups per second on the production build, over loopback: every request is a
 * new address in a multipart form, as the site sends it (CAPTCHA_PROVIDER=none, SIGNUP_RATE_LIMIT=0).
 * An answer other than {"status":"success"} counts as an error. Bounded: it stops by itself.
 */
import autocannon from 'autocannon';
import { databasesFromArgs, ensureBuild, numberArg, startBenchServer } from './benchServer.ts';

const argv = process.argv.slice(2);
const seconds = numberArg(argv, 'seconds', 10);
const connections = numberArg(argv, 'connections', 20);
const SUCCESS = '{"status":"success","errors":{}}';
const BOUNDARY = '----piquante-bench-boundary';

// The server reads the captcha switch and the limit from its environment (benchServer passes ours on).
process.env.CAPTCHA_PROVIDER = 'none';
process.env.NEWSLETTER_DOUBLE_OPT_IN = '0';

function multipart(email: string): string {
  const fields: [string, string][] = [
    ['people_register_email', email],
    ['people_register_codepostal', '75011'],
    ['people_register_newslettertype', '1'],
    ['g-recaptcha-response', ''],
  ];
  return `${fields
    .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('')}--${BOUNDARY}--\r\n`;
}

let sequence = 0;
const run = Date.now().toString(36);
const used: string[] = [];

/** Answers other than SUCCESS (autocannon's expectBody cannot be combined with per-request bodies). */
let unexpected = 0;

function load(title: string, baseUrl: string, duration: number): Promise<autocannon.Result> {
  return autocannon({
    url: baseUrl,
    connections,
    duration,
    title,
    requests: [
      {
        method: 'POST',
        path: '/newsletter/inscriptionajaxlight-bench',
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        setupRequest: (request) => {
          const email = `bench-${run}-${sequence++}@exemple.fr`;
          if (used.length < 10_000) used.push(email);
          return { ...request, body: multipart(email) };
        },
        onResponse: (_status, body) => {
          if (body !== SUCCESS) unexpected++;
        },
      },
    ],
  });
}

interface Row {
  database: string;
  signupsPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  found: number;
  sampled: number;
}

ensureBuild();
const rows: Row[] = [];
for (const database of databasesFromArgs(argv)) {
  const server = await startBenchServer(database, 50, 4410);
  try {
    await load(`${database} warm-up`, server.baseUrl, 2);
    unexpected = 0;
    const result = await load(`${database} signups`, server.baseUrl, seconds);
    // Spot check: a sample of the addresses answered 'success' must now be "already registered".
    const sample = used.filter((_, i) => i % Math.max(1, Math.floor(used.length / 50)) === 0).slice(0, 50);
    let found = 0;
    for (const email of sample) {
      const form = new FormData();
      form.append('people_register_email', email);
      form.append('people_register_codepostal', '75011');
      form.append('g-recaptcha-response', '');
      const answer = (await (
        await fetch(`${server.baseUrl}/newsletter/inscriptionajaxlight-bench`, { method: 'POST', body: form })
      ).json()) as {
        errors?: Record<string, string>;
      };
      if (answer.errors?.people_register_email === 'Vous êtes déjà inscrit') found++;
    }
    rows.push({
      database,
      signupsPerSec: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx + unexpected,
      found,
      sampled: sample.length,
    });
    used.length = 0;
  } finally {
    await server.stop();
  }
}

console.log(
  `\nNew-address signups, ${connections} connections, ${seconds} s per run, loopback, multipart, CAPTCHA_PROVIDER=none, SIGNUP_RATE_LIMIT=0`,
);
console.log('| database | signups/s | p50 (ms) | p99 (ms) | errors | sample found after |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(`| ${r.database} | ${r.signupsPerSec} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.found}/${r.sampled} |`);
}
if (rows.some((r) => r.errors > 0 || r.found !== r.sampled)) process.exitCode = 1;
