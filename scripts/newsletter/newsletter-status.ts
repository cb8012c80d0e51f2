/**
 * npm run newsletter:status
 * Each issue with its state and counts: sent, waiting, failed, bounced, skipped, unsubscribed since.
 * With PGlite (DATA_DIR), stop the server first; on PostgreSQL it runs beside the servers.
 */
import { deliveryCounts, listIssues, newsletterName } from '../../src/server/newsletter/issues/issueQueries.ts';
import { openConfiguredDatabase } from '../lib/openConfiguredDatabase.ts';

const states = { draft: 'brouillon', scheduled: 'programmé', sending: 'en cours', sent: 'envoyé', cancelled: 'annulé' } as const;

const database = await openConfiguredDatabase();
try {
  const { rows, total } = await listIssues(database.db, { limit: 100, offset: 0 });
  if (total === 0) console.log('Aucun numéro.');
  else console.log('numéro\tétat\tlettre\tenvoyés\tattente\téchecs\trefusés\tsautés\tdésinscrits\tsujet');
  for (const row of rows) {
    const c = await deliveryCounts(database.db, row);
    console.log(
      [
        row.id,
        states[row.status],
        newsletterName(row.newsletterType),
        c.sent,
        c.pending,
        c.failed,
        c.bounced,
        c.skipped,
        c.unsubscribed,
        row.subject,
      ].join('\t'),
    );
  }
  if (total > rows.length) console.log(`… et ${total - rows.length} numéro(s) plus ancien(s).`);
} finally {
  await database.close();
}
