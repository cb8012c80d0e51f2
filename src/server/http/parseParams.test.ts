import { describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import { parseParams } from './parseParams.ts';

async function refusal(raw: Record<string, string | string[]>) {
  const parsed = parseParams(contract.ListArticlesQueryParams, raw, ['limit', 'offset']);
  if (parsed.ok) throw new Error('expected a refusal');
  expect(parsed.response.status).toBe(400);
  return (await parsed.response.json()) as { message: string; fields: Record<string, string> };
}

describe('parseParams', () => {
  it('says that a numeric parameter must be a whole number, whatever was sent instead', async () => {
    for (const value of ['abc', '1e2', '12abc', ' 12', '0x10', '1.5', '']) {
      const body = await refusal({ limit: value });
      expect(body.message, value).toBe('Le paramètre « limit » doit être un nombre entier.');
      expect(body.fields.limit).toBe(body.message);
    }
    expect((await refusal({ offset: 'dix' })).message).toBe('Le paramètre « offset » doit être un nombre entier.');
  });

  it('keeps the range messages for whole numbers out of range, and refuses repeated keys', async () => {
    expect((await refusal({ limit: '0' })).message).toMatch(/supérieur ou égal à 1/);
    expect((await refusal({ limit: '100000' })).message).toMatch(/inférieur ou égal à/);
    expect((await refusal({ limit: ['1', '2'] })).message).toBe("Le paramètre « limit » ne doit apparaître qu'une fois.");
  });

  it('passes plain whole numbers through as numbers', () => {
    expect(parseParams(contract.ListArticlesQueryParams, { limit: '12', offset: '24' }, ['limit', 'offset'])).toEqual({
      ok: true,
      value: { limit: 12, offset: 24 },
    });
  });
});
