/**
 * npm run subscribers:export [-- --output subscribers.csv] [--status active|pending|unsubscribed]
 * Writes the subscribers as CSV (RFC 4180, UTF-8), streamed in id order a batch at a time, so that a
 * million rows need no more memory than a thousand. Progress goes to stderr, the CSV to stdout or the
 * file. With PGlite (DATA_DIR), stop the server first: one process at a time on an embedded database.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import type { SubscriberStatus } from '../../src/db/schema.ts';
import { countSubscribers, exportSubscribers } from '../../src/server/newsletter/subscribers.server.ts';
import { csvHeader, csvLine } from '../../src/server/newsletter/subscribersCsv.ts';
import { progressBar } from '../lib/progressBar.ts';
import { openConfiguredDatabase } from '../lib/openConfiguredDatabase.ts';

const STATUSES: SubscriberStatus[] = ['pending', 'active', 'unsubscribed'];
const { values } = parseArgs({ options: { output: { type: 'string', short: 'o' }, status: { type: 'string' } } });
const status = values.status as SubscriberStatus | undefined;
if (status !== undefined && !STATUSES.includes(status)) {
  console.error(`--status takes one of: ${STATUSES.join(', ')}.`);
  process.exit(2);
}

async function write(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}


const database = await openConfiguredDatabase();
const out: Writable = values.output ? createWriteStream(values.output) : process.stdout;
try {
  const total = await countSubscribers(database.db, status);
  const bar = progressBar(Math.max(total, 1), 'abonnés');
  let done = 0;
  await write(out, csvHeader());
  for await (const batch of exportSubscribers(database.db, { status, batchSize: 2000 })) {
    await write(out, batch.map(csvLine).join(''));
    done += batch.length;
    bar.update(done);
  }
  bar.done();
  if (out !== process.stdout) {
    out.end();
    await once(out, 'finish');
  }
  console.error(`${done} abonné(s) exporté(s)${values.output ? ` dans ${values.output}` : ''}.`);
} finally {
  await database.close();
}
