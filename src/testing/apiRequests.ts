/**
 * Requests of the in-process API tests. The client's address travels in `x-test-ip`, which only the tests'
 * `clientIp` reads (`testClientIp`), so per-IP rate limits can be tested without a network.
 */
import { expect } from 'vitest';
import * as contract from '../api/generated/zod.ts';

export const TEST_IP_HEADER = 'x-test-ip';

export const testClientIp = (request: Request): string => request.headers.get(TEST_IP_HEADER) ?? '127.0.0.1';

/** A JSON POST; a string body is sent as is (broken JSON, oversized bodies). */
export function jsonPost(url: string, body: unknown, headers: Record<string, string> = {}, ip = '203.0.113.7'): Request {
  return new Request(url, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', [TEST_IP_HEADER]: ip, ...headers },
  });
}

/** A refusal as the contract describes it: the status, never cached, the error body (its French message). */
export async function expectRefusal(response: Response, status: number, message?: string | RegExp) {
  expect(response.status).toBe(status);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const body = contract.ErrorResponse.parse(await response.json());
  if (message) expect(body.message).toMatch(message);
  return body;
}
