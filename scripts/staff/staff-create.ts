/**
 * npm run staff:create -- --email EMAIL --name "NAME" --role contributor|author|editor|admin
 * Creates a newsroom account (the first admin, typically). There is no default password: it is typed
 * twice at the prompt (not echoed), or, when standard input is not a terminal, read from its first line
 * (`printf '%s\n' "$PASSWORD" | npm run staff:create -- …`). 12 characters at least. With PGlite, stop the
 * server first (it holds the data directory).
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import type { StaffRole } from '../../src/db/schema.ts';
import { createStaff, passwordProblem, StaffExistsError } from '../../src/server/newsroom/staff.server.ts';
import { openConfiguredDatabase } from '../lib/openConfiguredDatabase.ts';

const ROLES: StaffRole[] = ['contributor', 'author', 'editor', 'admin'];
const usage = 'Usage : npm run staff:create -- --email ADRESSE --name "Prénom Nom" --role contributor|author|editor|admin';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
  strict: true,
});
const email = values.email?.trim() ?? '';
const name = values.name?.trim() ?? '';
const role = values.role as StaffRole | undefined;
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || name === '' || !role || !ROLES.includes(role)) {
  console.error(usage);
  process.exit(2);
}

async function readLine(prompt: string, hidden: boolean): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: hidden });
  const answer = new Promise<string>((resolve) => rl.question(prompt, resolve));
  muted = hidden;
  const line = await answer;
  rl.close();
  if (hidden) process.stdout.write('\n');
  return line;
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readLine('', false);
  const first = await readLine('Mot de passe : ', true);
  const second = await readLine('Mot de passe (encore) : ', true);
  if (first !== second) {
    console.error('Les deux mots de passe ne sont pas identiques : aucun compte créé.');
    process.exit(2);
  }
  return first;
}

const password = await readPassword();
const problem = passwordProblem(password);
if (problem) {
  console.error(`${problem} Aucun compte créé.`);
  process.exit(2);
}

const database = await openConfiguredDatabase();
try {
  const member = await createStaff(database.db, { email, name, role, password });
  console.log(`Compte créé : ${member.email} (${member.role}), n° ${member.id}, dans ${database.description}.`);
} catch (error) {
  if (error instanceof StaffExistsError) {
    console.error(`Un compte existe déjà avec l'adresse ${email} : rien n'a été changé.`);
    process.exitCode = 1;
  } else throw error;
} finally {
  await database.close();
}
