/**
 * npm run subscribers:export [-- --output subscribers.csv] [--status active|pending|unsubscribed]
 * Writes the subscribers as CSV (RFC 4180, UTF-8), streamed in id order a batch at a time, so that a
 * million rows need no more memory than a thousand. Progress goes to stderr, the CSV to stdout or the
 * file. With PGlite (DATA_DIR), stop the server first: one process at a time on an embedded database.
 */
import { parseArgs } from 'node:util';
import type { SubscriberStatus } from '../../src/db/schema.ts';
import { countSubscribers, exportSubscribers } from '../../src/server/newsletter/subscribers.server.ts';
import { csvHeader, csvLine } from '../../src/server/newsletter/subscribersCsv.ts';
import { progressBar } from '../lib/progressBar.ts';
import { openExportOutput } from '../lib/exportOutput.ts';
import { openConfiguredDatabase } from '../lib/openConfiguredDatabase.ts';

const STATUSES: SubscriberStatus[] = ['pending', 'active', 'unsubscribed'];
const { values } = parseArgs({ options: { output: { type: 'string', short: 'o' }, status: { type: 'string' } } });
const status = values.status as SubscriberStatus | undefined;
if (status !== undefined && !STATUSES.includes(status)) {
  console.error(`--status takes one of: ${STATUSES.join(', ')}.`);
  process.exit(2);
}

const database = await openConfiguredDatabase();
const out = openExportOutput(values.output);
try {
  const total = await countSubscribers(database.db, status);
  const bar = progressBar(Math.max(total, 1), 'abonnés');
  let done = 0;
  await out.write(csvHeader());
  for await (const batch of exportSubscribers(database.db, { status, batchSize: 2000 })) {
    await out.write(batch.map(csvLine).join(''));
    done += batch.length;
    bar.update(done);
  }
  bar.done();
  await out.close();
  console.error(`${done} abonné(s) exporté(s)${values.output ? ` dans ${values.output}` : ''}.`);
} finally {
  await database.close();
}
