/**
 * One input rule for every string a request carries (issue 34, part 4). A NUL byte reached PostgreSQL,
 * which refused it with a 500 and the SQL in the log; the other C0 controls are never typed on purpose
 * and hide text; the bidirectional overrides (U+202A–U+202E, U+2066–U+2069) make a text read otherwise
 * than it is stored (a file name, an address). All are refused with a 400 naming the field, once, where
 * bodies and parameters enter the API, so no format's checker can forget it.
 *
 * Tab and line breaks (LF, and CR from a pasted Windows text) stay: multi-line fields hold them.
 */

// C0 but tab (09), LF (0a) and CR (0d); DEL; the embeddings/overrides and isolates.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;
const FORBIDDEN_ALL = new RegExp(FORBIDDEN.source, 'g');

export const hasForbiddenControl = (text: string): boolean => FORBIDDEN.test(text);

/** The French refusal for a field ("title", "replies.1.text") holding a forbidden character. */
export const controlCharacterMessage = (field: string): string => `Le champ « ${field} » contient un caractère de contrôle interdit.`;

// A key is echoed in the message: its own controls are shown as U+FFFD, never sent back as they came.
const visible = (key: string) => key.replace(FORBIDDEN_ALL, '\ufffd');

/**
 * The dotted path of the first string (value or object key) of `value` holding a forbidden character,
 * "requête" when it is `value` itself, or null when there is none. A clean value, the common case, is told
 * by one walk that builds no path; the path is worked out only for a refusal.
 */
export function controlCharacterField(value: unknown, path: readonly string[] = []): string | null {
  return anyForbidden(value) ? locateForbidden(value, path) : null;
}

function anyForbidden(value: unknown): boolean {
  if (typeof value === 'string') return hasForbiddenControl(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (anyForbidden(value[i])) return true;
    return false;
  }
  if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      if (hasForbiddenControl(key) || anyForbidden((value as Record<string, unknown>)[key])) return true;
    }
  }
  return false;
}

function locateForbidden(value: unknown, path: readonly string[]): string | null {
  const here = () => (path.length > 0 ? path.join('.') : 'requête');
  if (typeof value === 'string') return hasForbiddenControl(value) ? here() : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = locateForbidden(value[i], [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (hasForbiddenControl(key)) return [...path, visible(key)].join('.');
      const found = locateForbidden(inner, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}
