/**
 * npm run subscribers:erase -- EMAIL [EMAIL…]
 * GDPR erasure: deletes each subscriber (and its pending links) for good. The address is normalised the
 * way signups store it, so ' Camille@Exemple.FR ' finds camille@exemple.fr. Erasing an address that is
 * not there is not an error (the request may come twice). With PGlite, stop the server first.
 */
import { normaliseEmail } from '../../src/server/newsletter/emailAddress.ts';
import { eraseSubscriber } from '../../src/server/newsletter/subscribers.server.ts';
import { openConfiguredDatabase } from '../lib/openConfiguredDatabase.ts';

const addresses = process.argv.slice(2).filter((arg) => arg !== '--');
if (addresses.length === 0) {
  console.error('Usage: npm run subscribers:erase -- EMAIL [EMAIL…]');
  process.exit(2);
}
const emails: string[] = [];
for (const address of addresses) {
  const check = normaliseEmail(address);
  if (!check.ok) {
    console.error(`« ${address} » n'est pas une adresse e-mail valide : rien n'a été effacé.`);
    process.exit(2);
  }
  emails.push(check.email);
}

const database = await openConfiguredDatabase();
try {
  for (const email of emails) {
    const erased = await eraseSubscriber(database.db, email);
    console.log(erased > 0 ? `Effacé : ${email} (et ses liens en attente).` : `Aucun abonné avec l'adresse ${email} : rien à effacer.`);
  }
} finally {
  await database.close();
}
