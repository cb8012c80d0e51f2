/**
 * npm run staff:reset-password -- --email EMAIL
 * The operator's way back into the newsroom (a lone admin who forgot their password, typically): the account
 * gets a provisional password, printed once here, every session of it is closed, and its owner must choose their
 * own password at the next sign-in. Audited (no actor: the operator). With PGlite, stop the server first (it
 * holds the data directory).
 */
import { parseArgs } from 'node:util';
import { resetStaffPasswordByEmail } from '../../src/server/newsroom/staff.server.ts';
import { openConfiguredDatabase } from '../lib/openConfiguredDatabase.ts';

const usage = 'Usage : npm run staff:reset-password -- --email ADRESSE';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { email: { type: 'string' } },
  strict: true,
});
const email = values.email?.trim() ?? '';
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
  console.error(usage);
  process.exit(2);
}

const database = await openConfiguredDatabase();
try {
  const result = await resetStaffPasswordByEmail(database.db, email, new Date());
  if (result.ok) {
    const { member, provisionalPassword, sessionsClosed } = result.value;
    console.log(`Mot de passe provisoire de ${member.email} : ${provisionalPassword}`);
    console.log(
      `À changer à la prochaine connexion. ${sessionsClosed} session(s) fermée(s).${member.disabledAt ? ' Attention : ce compte est désactivé.' : ''}`,
    );
  } else {
    console.error(`Aucun compte avec l'adresse ${email} dans ${database.description} : rien n'a été changé.`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
