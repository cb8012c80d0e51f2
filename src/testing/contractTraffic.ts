/**
 * Recorded HTTP traffic held against the contract (issue 23: "replays the API and e2e traffic through the
 * contract and fails on any undeclared answer"): each answer to a contract path must have a status its
 * operation declares, its declared headers, a body valid against the operation's schema when it is a JSON 2xx,
 * and a French `message` when it is a 4xx or 5xx. The browser tests' traffic is recorded by
 * scripts/lib/recordingProxy.mjs and checked by tests/e2e/contract-replay.spec.ts.
 */
import { apiOperations, type OperationId } from '../api/generated/operations.ts';
import * as contract from '../api/generated/zod.ts';
import { declaredHeaderProblems } from './contractHeaders.ts';

export interface RecordedAnswer {
  method: string;
  path: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body?: unknown;
}

/** A French sentence: accents or the words French error messages are made of. */
const french = /[éèêàâùûôîçœ]|\b(le|la|les|de|des|du|un|une|est|pas|ce|cette|votre|vous|ne|au|aux|en)\b/i;

const routes = (Object.entries(apiOperations) as [OperationId, { method: string; path: string }][]).map(([id, op]) => ({
  id,
  method: op.method,
  pattern: new RegExp(`^${op.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`),
}));

/** The operation an answer belongs to; HEAD is its GET. Null for an address the contract does not list. */
export function operationOf(method: string, path: string): OperationId | null {
  const asked = method === 'HEAD' ? 'GET' : method;
  return routes.find((route) => route.method === asked && route.pattern.test(path))?.id ?? null;
}

const pascal = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

function toHeaders(recorded: RecordedAnswer['headers']): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(recorded)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

export interface TrafficReport {
  /** Answers checked per operation. */
  checked: Map<OperationId, number>;
  /** Answers to addresses the contract does not list (a 404 for junk, say): not held against anything. */
  outside: number;
  problems: string[];
}

export function checkContractTraffic(answers: RecordedAnswer[]): TrafficReport {
  const report: TrafficReport = { checked: new Map(), outside: 0, problems: [] };
  for (const answer of answers) {
    const id = operationOf(answer.method, answer.path);
    if (!id) {
      report.outside++;
      continue;
    }
    report.checked.set(id, (report.checked.get(id) ?? 0) + 1);
    const where = `${answer.method} ${answer.path} → ${answer.status} (${id})`;
    const response = new Response(null, { status: answer.status, headers: toHeaders(answer.headers) });
    for (const problem of declaredHeaderProblems(
      answer.method === 'HEAD' ? 'GET' : answer.method,
      `http://magazine.test${answer.path}`,
      response,
    )) {
      report.problems.push(`${where}: ${problem}`);
    }
    if (answer.body === undefined || answer.method === 'HEAD') continue;
    if (answer.status >= 400) {
      const error = contract.ErrorResponse.safeParse(answer.body);
      if (!error.success || !french.test(error.data.message))
        report.problems.push(`${where}: no French message in ${JSON.stringify(answer.body).slice(0, 200)}`);
    } else if (answer.status >= 200 && answer.status < 300) {
      const schema = (contract as Record<string, unknown>)[`${pascal(id)}Response`] as
        | { safeParse: (value: unknown) => { success: boolean; error?: { issues?: unknown[] } } }
        | undefined;
      if (answer.status === 200 && schema) {
        const valid = schema.safeParse(answer.body);
        if (!valid.success)
          report.problems.push(`${where}: body out of contract: ${JSON.stringify(valid.error?.issues ?? []).slice(0, 300)}`);
      }
    }
  }
  return report;
}
