/** The replay check itself can fail: an undeclared status, a missing declared header, a body out of the contract, an English error. */
import { describe, expect, it } from 'vitest';
import { checkContractTraffic, operationOf } from './contractTraffic.ts';

const cacheable = {
  'cache-control': 'public, max-age=60',
  etag: 'W/"1"',
  'content-type': 'application/json',
  'cache-tag': 'list:categories,site',
  'surrogate-key': 'list:categories site',
};

describe('checkContractTraffic', () => {
  it('finds the operation of an answer, HEAD as its GET', () => {
    expect(operationOf('GET', '/api/article/les-jeans')).toBe('getArticle');
    expect(operationOf('HEAD', '/api/categories')).toBe('listCategories');
    expect(operationOf('POST', '/newsletter/inscriptionajaxlight-footer-home')).toBe('signupNewsletter');
    expect(operationOf('GET', '/api/nulle-part')).toBeNull();
  });

  it('passes declared answers, and counts them', () => {
    const report = checkContractTraffic([
      { method: 'GET', path: '/api/categories', status: 200, headers: cacheable, body: { results: [] } },
      { method: 'GET', path: '/api/categories', status: 304, headers: { 'cache-control': 'public, max-age=60', etag: 'W/"1"' } },
      {
        method: 'GET',
        path: '/api/article/inconnu',
        status: 404,
        headers: { 'cache-control': 'no-store' },
        body: { error: 'not_found', message: 'Cet article est introuvable.' },
      },
      { method: 'GET', path: '/api/nulle-part', status: 404, headers: {} },
    ]);
    expect(report.problems).toEqual([]);
    expect(report.checked.get('listCategories')).toBe(2);
    expect(report.outside).toBe(1);
  });

  it('fails an undeclared status, a missing declared header, a body out of the contract and an English error', () => {
    const report = checkContractTraffic([
      { method: 'GET', path: '/api/categories', status: 418, headers: cacheable },
      {
        method: 'GET',
        path: '/api/categories',
        status: 200,
        headers: { 'content-type': 'application/json', 'cache-tag': 'site', 'surrogate-key': 'site' },
        body: { results: [] },
      },
      { method: 'GET', path: '/api/categories', status: 200, headers: cacheable, body: { results: [{ slug: 1 }] } },
      {
        method: 'GET',
        path: '/api/article/x',
        status: 404,
        headers: { 'cache-control': 'no-store' },
        body: { error: 'not_found', message: 'Not found' },
      },
    ]);
    expect(report.problems).toHaveLength(4);
    expect(report.problems[0]).toMatch(/418 is not declared/);
    expect(report.problems[1]).toMatch(/cache-control: missing/i);
    expect(report.problems[2]).toMatch(/body out of contract/);
    expect(report.problems[3]).toMatch(/no French message/);
  });
});
