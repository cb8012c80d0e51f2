/**
 * Turns raw path/query strings into typed values with the zod schemas generated from the contract,
 * and turns every failure into a 400 with a French sentence a person can act on.
 */
import type { z } from 'zod';
import { errorJson } from './responses.ts';

const INTEGER = /^-?\d{1,16}$/;

type Parsed<T> = { ok: true; value: T } | { ok: false; response: Response };

function describeIssue(name: string, issue: z.core.$ZodIssue): string {
  const label = `« ${name} »`;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `Le paramètre ${label} est obligatoire.`;
      return issue.expected === 'number' || issue.expected === 'int'
        ? `Le paramètre ${label} doit être un nombre entier.`
        : `Le paramètre ${label} n'a pas le bon format.`;
    case 'too_small':
      return issue.origin === 'string'
        ? `Le paramètre ${label} doit contenir au moins ${issue.minimum} caractères.`
        : `Le paramètre ${label} doit être supérieur ou égal à ${issue.minimum}.`;
    case 'too_big':
      return issue.origin === 'string'
        ? `Le paramètre ${label} doit contenir au plus ${issue.maximum} caractères.`
        : `Le paramètre ${label} doit être inférieur ou égal à ${issue.maximum}.`;
    case 'invalid_format':
      return `Le paramètre ${label} n'a pas le bon format (lettres minuscules, chiffres et tirets).`;
    case 'invalid_value':
      return `Le paramètre ${label} n'accepte pas cette valeur.`;
    default:
      return `Le paramètre ${label} n'est pas valide.`;
  }
}

/**
 * `integerKeys` must be plain decimal strings: "12" passes, "12abc", "1e2", " 12" or "0x10" are
 * refused. A repeated query key is refused too.
 */
export function parseParams<T>(
  schema: z.ZodType<T>,
  raw: Record<string, string | string[] | undefined>,
  integerKeys: readonly string[] = [],
): Parsed<T> {
  const fields: Record<string, string> = {};
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      fields[key] = `Le paramètre « ${key} » ne doit apparaître qu'une fois.`;
      continue;
    }
    // Integers are decided here, strictly: the generated schemas coerce, and would accept '1e2'.
    if (integerKeys.includes(key)) {
      if (INTEGER.test(value)) input[key] = Number(value);
      else fields[key] = `Le paramètre « ${key} » doit être un nombre entier.`;
      continue;
    }
    input[key] = value;
  }
  // reportInput: without it Zod 4 omits the input, and every wrong value would read as a missing one.
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? 'requête');
      fields[name] ??= describeIssue(name, issue);
    }
  }
  if (Object.keys(fields).length > 0 || !result.success) {
    const first = Object.values(fields)[0] ?? 'La requête n’est pas valide.';
    return { ok: false, response: errorJson(400, first, fields) };
  }
  return { ok: true, value: result.data };
}

/** Query string as a record; keys given twice become arrays (refused by parseParams). */
export function queryRecord(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of url.searchParams) {
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}
