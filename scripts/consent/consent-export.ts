/**
 * npm run consent:export [-- --output proofs.jsonl] [--consent-id <uuid>]
 * Writes the proofs of consent (POST /api/consent) as JSON Lines, oldest first, a batch at a time: what a
 * reader chose, under which policy version, when, and under which random id (the one in their consent
 * cookie, which they can give to ask for their history). With PGlite (DATA_DIR), stop the server first.
 */
import { parseArgs } from 'node:util';
import { listConsentRecords } from '../../src/server/consent/consentRecords.server.ts';
import { openExportOutput } from '../lib/exportOutput.ts';
import { openConfiguredDatabase } from '../lib/openConfiguredDatabase.ts';

const { values } = parseArgs({ options: { output: { type: 'string', short: 'o' }, 'consent-id': { type: 'string' } } });
const only = values['consent-id']?.trim().toLowerCase();
if (only !== undefined && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(only)) {
  console.error('--consent-id takes the UUID found in the reader’s piquante_consent cookie.');
  process.exit(2);
}

const database = await openConfiguredDatabase();
const out = openExportOutput(values.output);
try {
  let after = 0;
  let written = 0;
  for (;;) {
    const batch = await listConsentRecords(database.db, after, 2000);
    if (batch.length === 0) break;
    after = batch.at(-1)?.id ?? after;
    const lines = batch
      .filter((row) => only === undefined || row.consentId === only)
      .map((row) =>
        JSON.stringify({
          consentId: row.consentId,
          recordedAt: row.recordedAt.toISOString(),
          policyVersion: row.policyVersion,
          acceptType: row.acceptType,
          purposes: row.purposes,
          vendors: row.vendors,
        }),
      );
    if (lines.length > 0) await out.write(`${lines.join('\n')}\n`);
    written += lines.length;
  }
  await out.close();
  console.error(`${written} preuve(s) de consentement exportée(s)${values.output ? ` dans ${values.output}` : ''}.`);
} finally {
  await database.close();
}
