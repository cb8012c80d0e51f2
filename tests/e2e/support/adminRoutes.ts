/**
 * The newsroom's pages, read from `src/routes/admin/` so that a new page is checked (axe, phone width) the day it
 * is added: the list pages and tools, and the editors (`$id` routes) with the word each uses for a new item.
 */
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';

const routesDir = resolve(import.meta.dirname, '../../../src/routes/admin');

/** How each editor route names a new item; a new `$id` route must say it here (newsroom-every-page-axe fails else). */
export const newItem: Record<string, string | null> = {
  articles: 'nouveau',
  citations: 'nouvelle',
  concours: 'nouveau',
  directs: 'nouveau',
  generateurs: 'nouveau',
  instagram: 'nouveau',
  lettres: null,
  mosaiques: 'nouveau',
  popins: 'nouvelle',
  quizz: 'nouveau',
  shopping: 'nouveau',
};

/**
 * Pages that open only in a given state, checked apart: signed out (sign-in, « Mot de passe oublié ? »: axe and phone
 * width in newsroom-forgotten-password.spec.ts), with a provisional password, or a contest's
 * entries (a page of a contest, not a list; axe runs on it with entries and a draw in contest-entries.spec.ts).
 */
const apart = new Set(['connexion', 'mot-de-passe', 'mot-de-passe-oublie.index', 'mot-de-passe-oublie.$token', 'participations.$id']);

export function adminRoutes(): { lists: string[]; editors: string[] } {
  const files = readdirSync(routesDir).filter((f) => f.endsWith('.tsx'));
  const lists: string[] = [];
  const editors: string[] = [];
  for (const file of files) {
    const name = file.replace(/\.tsx$/, '');
    if (apart.has(name)) continue;
    if (name === 'index') lists.push('/admin');
    else if (name.endsWith('.$id')) editors.push(name.slice(0, -'.$id'.length));
    else if (name.endsWith('.index')) lists.push(`/admin/${name.slice(0, -'.index'.length)}`);
    else lists.push(`/admin/${name}`);
  }
  return { lists: lists.sort(), editors: editors.sort() };
}
