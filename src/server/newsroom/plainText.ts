/**
 * Plain texts of the newsroom's small formats (a generator's replies, a quotation): readers' pages escape
 * them, but markup or a script address pasted into a plain field is never what the editor meant, and would
 * show as code. Refused with a French sentence naming the field.
 */

// A tag, a comment or a character reference.
const MARKUP = /<\s*[a-z!/?]|&(#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i;
const SCRIPT_ADDRESS = /(java|vb)script\s*:|data\s*:\s*text\/html/i;

/** A French refusal for markup or a script address in a plain text ("La réplique 2", "L'auteure"), or null. */
export function plainTextProblem(text: string, name: string): string | null {
  if (MARKUP.test(text)) return `${name} ne peut pas contenir de HTML : écrivez du texte simple.`;
  if (SCRIPT_ADDRESS.test(text)) return `${name} ne peut pas contenir d'adresse javascript: ou data:.`;
  return null;
}
