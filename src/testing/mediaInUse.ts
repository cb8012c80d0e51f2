/** For media library tests: a deletion refused because the item is used (409, the message and the list of users). */
import { expect } from 'vitest';
import * as contract from '../api/generated/zod.ts';

export async function inUseMessage(response: Response): Promise<string> {
  expect(response.status, await response.clone().text()).toBe(409);
  const body = contract.MediaInUse.parse(await response.json());
  expect(body.usages.length).toBeGreaterThan(0);
  return body.message;
}
