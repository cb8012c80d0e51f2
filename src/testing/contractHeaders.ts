/**
 * The response headers the contract declares, checked on a real answer: the zod schemas
 * generated from the contract cover bodies only, and a proxy that validates the contract (Prism)
 * also reads headers. A declared header must be present and match its schema (enum, integer).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

type Json = Record<string, unknown>;

const contract = parse(readFileSync(join(import.meta.dirname, '../api/generated/openapi.yaml'), 'utf8')) as Json;

function resolveRef(node: unknown): Json {
  let current = node as Json;
  while (current && typeof current.$ref === 'string') {
    const path = (current.$ref as string).replace(/^#\//, '').split('/');
    current = path.reduce<Json>((at, key) => at[key] as Json, contract);
  }
  return current;
}

function operationFor(method: string, pathname: string): Json | null {
  const paths = contract.paths as Record<string, Json>;
  for (const [template, item] of Object.entries(paths)) {
    const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
    if (pattern.test(pathname)) return (item[method.toLowerCase()] as Json | undefined) ?? null;
  }
  return null;
}

/**
 * Problems with the declared headers of this answer (empty when it agrees with the contract). An
 * address the contract does not list (a 404 for junk) has nothing declared to check.
 */
export function declaredHeaderProblems(method: string, url: string, response: Response): string[] {
  const { pathname } = new URL(url, 'http://contract.test');
  const operation = operationFor(method, pathname);
  if (!operation) return [];
  const responses = operation.responses as Json;
  const declared = responses[String(response.status)] ?? responses.default;
  if (!declared) return [`${method} ${pathname}: status ${response.status} is not declared`];
  const headers = (resolveRef(declared).headers ?? {}) as Json;
  const problems: string[] = [];
  for (const [name, spec] of Object.entries(headers)) {
    const schema = (resolveRef(spec).schema ?? {}) as { enum?: string[]; type?: string };
    const value = response.headers.get(name);
    const where = `${method} ${pathname} ${response.status} ${name}`;
    if (value === null) problems.push(`${where}: missing`);
    else if (schema.enum && !schema.enum.includes(value)) problems.push(`${where}: "${value}" is not one of ${schema.enum.join(', ')}`);
    else if (schema.type === 'integer' && !/^\d+$/.test(value)) problems.push(`${where}: "${value}" is not an integer`);
  }
  return problems;
}
