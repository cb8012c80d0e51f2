/**
 * For contract tests: one instance of a generated zod schema with every field present (optional ones
 * included, a string wherever one may stand), and the paths of its strings. Not necessarily valid (a
 * pattern or a bound may refuse 'texte'): it is the shape that matters, to put a hostile value in each
 * string field of an operation's body in turn (contractFuzz.test.ts).
 */
import type { z } from 'zod';

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

export function sampleOf(schema: z.ZodType | unknown, depth = 0): unknown {
  const def = defOf(schema);
  if (depth > 12) return null;
  switch (def.type) {
    case 'string':
    case 'unknown':
    case 'any':
      return 'texte';
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
    case 'catch':
      return sampleOf(def.innerType, depth + 1);
    case 'pipe':
      return sampleOf(def.in, depth + 1);
    case 'lazy':
      return sampleOf((def.getter as () => unknown)(), depth + 1);
    case 'union':
      return sampleOf((def.options as unknown[])[0], depth + 1);
    case 'array':
      return [sampleOf(def.element, depth + 1)];
    case 'record':
      return { cle: sampleOf(def.valueType, depth + 1) };
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape as Record<string, unknown>).map(([key, inner]) => [key, sampleOf(inner, depth + 1)]),
      );
    default:
      return null;
  }
}

/** The paths (keys and indexes) of every string in `value`. */
export function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((inner, i) => stringPaths(inner, [...path, i]));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => stringPaths(inner, [...path, key]));
  return [];
}

/** A copy of `value` with the string at `path` replaced by `replace(it)`. */
export function withStringAt(value: unknown, path: (string | number)[], replace: (text: string) => string): unknown {
  if (path.length === 0) return typeof value === 'string' ? replace(value) : value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) return value.map((inner, i) => (i === head ? withStringAt(inner, rest, replace) : inner));
  const record = value as Record<string, unknown>;
  return { ...record, [head]: withStringAt(record[head], rest, replace) };
}
