/**
 * The browser tests' API traffic, replayed through the contract (issue 23): every answer the shared server gave
 * to a contract path during the `site` project — recorded by the proxy of scripts/e2e-server.mjs — must be
 * declared by its operation (status, headers), valid against its schema when it is a JSON 200, and carry a
 * French message when it is an error. Runs after the `site` project (project `contract`).
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { checkContractTraffic, type RecordedAnswer } from '../../src/testing/contractTraffic.ts';
import { CONTRACT_TRAFFIC_LOG } from './support/contractTraffic.ts';

test('every API answer of the browser tests is one the contract declares', () => {
  const answers = readFileSync(CONTRACT_TRAFFIC_LOG, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecordedAnswer);
  const report = checkContractTraffic(answers);
  const total = [...report.checked.values()].reduce((sum, n) => sum + n, 0);
  console.log(
    `[contract-replay] ${total} answers checked over ${report.checked.size} operations (${report.outside} outside the contract): ${[
      ...report.checked.entries(),
    ]
      .sort((a, b) => b[1] - a[1])
      .map(([id, n]) => `${id} ${n}`)
      .join(', ')}`,
  );
  // Recording works: the site's pages call the API on every navigation.
  expect(total).toBeGreaterThan(100);
  expect(report.problems).toEqual([]);
});
