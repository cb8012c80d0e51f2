/**
 * npm run push:send -- --article <url>
 * Sends a notification about one article to every reader who accepted notifications. <url> is the
 * article's slug, its path (/mode/les-jeans-larges) or its full address. Subscriptions the push service
 * says are gone (404/410) are removed. Needs VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT (the
 * server's keys). With PGlite (DATA_DIR), stop the server first: one process at a time on an embedded
 * database; on PostgreSQL it runs beside the server.
 */
import { parseArgs } from 'node:util';
import { OutboundConfigError, outboundPolicyFromEnv } from '../../src/server/config/outboundConfig.ts';
import { getArticle } from '../../src/server/articles/articles.server.ts';
import { articlePayload } from '../../src/server/push/pushPayload.ts';
import { PushConfigError, pushConfigFromEnv } from '../../src/server/config/pushConfig.ts';
import { countPushSubscriptions } from '../../src/server/push/pushSubscriptions.server.ts';
import { sendToAllSubscriptions } from '../../src/server/push/sendNotifications.server.ts';
import { openConfiguredDatabase } from '../lib/openConfiguredDatabase.ts';
import { progressBar } from '../lib/progressBar.ts';

const { values } = parseArgs({ options: { article: { type: 'string', short: 'a' } }, allowPositionals: true });
if (!values.article) {
  console.error('Usage: npm run push:send -- --article <url de l’article>');
  process.exit(2);
}

/** 'les-jeans-larges', '/mode/les-jeans-larges' or 'https://piquante.fr/mode/les-jeans-larges?x' → the slug. */
function articleSlug(input: string): string {
  let path = input.trim();
  try {
    path = new URL(path).pathname;
  } catch {
    // Not an absolute URL: a path or a slug.
  }
  return path.split(/[?#]/)[0]?.split('/').filter(Boolean).pop() ?? '';
}

let config: ReturnType<typeof pushConfigFromEnv>;
let outbound: ReturnType<typeof outboundPolicyFromEnv>;
try {
  config = pushConfigFromEnv(process.env);
  outbound = outboundPolicyFromEnv();
} catch (error) {
  console.error(error instanceof PushConfigError || error instanceof OutboundConfigError ? error.message : error);
  process.exit(2);
}
if (!config.vapid) {
  console.error(
    'Les notifications sont désactivées : définissez VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY et VAPID_SUBJECT (les clés du serveur).',
  );
  process.exit(2);
}

const slug = articleSlug(values.article);
const database = await openConfiguredDatabase();
try {
  const article = /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) ? await getArticle(database.db, slug) : null;
  if (!article) {
    console.error(`Aucun article à l’adresse « ${values.article} » : rien n’a été envoyé.`);
    process.exitCode = 1;
  } else {
    const total = await countPushSubscriptions(database.db);
    console.error(`Notification « ${article.title} » vers ${total} abonnement(s) (${database.description}).`);
    const bar = progressBar(Math.max(total, 1), 'abonnements');
    const report = await sendToAllSubscriptions(database.db, articlePayload(article), {
      vapid: config.vapid,
      endpoints: config.endpoints,
      outbound,
      onProgress: (handled) => bar.update(handled),
    });
    bar.done();
    console.log(
      `Envoyées : ${report.sent} · abonnements expirés supprimés : ${report.removed} · échecs : ${report.failed} · adresses refusées : ${report.skipped}`,
    );
    if (report.failed > 0) process.exitCode = 1;
  }
} finally {
  await database.close();
}
