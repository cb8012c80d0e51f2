/**
 * Where the sign-in page sends the person once signed in (`?retour=`, set by the admin route's session
 * check). The parameter is in the address, so anyone can craft it: a link to our own sign-in page that ends
 * on another site after a real sign-in is a phishing tool (issue 34, part 2). Only a path of this site
 * under /admin is kept, as the URL parser resolves it (dot segments, encodings); anything else is /admin.
 */

const NEWSROOM_HOME = '/admin';
// Never resolved: only a base to tell a path of ours from anything that would leave the site.
const BASE = 'http://piquante.invalid';
// A backslash is a slash to browsers; controls and spaces are stripped by the URL parser, which would
// turn `/\t/evil.example` into `//evil.example`. None belongs in an address we made.
// biome-ignore lint/suspicious/noControlCharactersInRegex: they are what this refuses.
const SUSPICIOUS = /[\\\s\u0000-\u001f\u007f]/;

export function newsroomReturnPath(retour: unknown): string {
  if (typeof retour !== 'string' || !retour.startsWith('/') || retour.startsWith('//') || SUSPICIOUS.test(retour)) return NEWSROOM_HOME;
  let url: URL;
  let decodedPath: string;
  try {
    url = new URL(retour, BASE);
    decodedPath = decodeURIComponent(url.pathname);
  } catch {
    return NEWSROOM_HOME;
  }
  if (url.origin !== BASE || SUSPICIOUS.test(decodedPath) || decodedPath.startsWith('//')) return NEWSROOM_HOME;
  const path = url.pathname;
  if (path !== NEWSROOM_HOME && !path.startsWith(`${NEWSROOM_HOME}/`)) return NEWSROOM_HOME;
  // Back to the sign-in page would loop.
  if (path === '/admin/connexion' || path.startsWith('/admin/connexion/')) return NEWSROOM_HOME;
  return `${path}${url.search}${url.hash}`;
}
