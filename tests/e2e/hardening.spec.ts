/**
 * Hardening over real HTTP against the production build (issue "Hardening"): redirects never use the
 * request's Host, pages refuse methods other than GET and HEAD, numeric parameters say what they expect.
 */
import { expect, test } from '@playwright/test';
import { raw } from './support/rawHttp.ts';

test('doubled slashes redirect to a relative path, whatever Host the request names', async ({ baseURL }) => {
  for (const path of ['//x/', '//evil.example/mode', '///mode//', '//%2F%2Fevil.example']) {
    const answer = await raw(baseURL as string, 'GET', path, { host: 'evil.example' });
    expect(answer.status, path).toBe(301);
    const location = String(answer.headers.location);
    expect(location.startsWith('/') && !location.startsWith('//'), location).toBe(true);
    expect(location).not.toContain('evil.example/x');
  }
  // One hop: the doubled slashes and the trailing one go at once (src/server/redirects/redirectAnswers.ts).
  const plain = await raw(baseURL as string, 'GET', '//x/', { host: 'evil.example' });
  expect(plain.headers.location).toBe('/x');
  const slashed = await raw(baseURL as string, 'GET', '/mode/?page=2');
  expect([slashed.status, slashed.headers.location]).toEqual([308, '/mode?page=2']);
});

test('pages answer 405 with Allow: GET, HEAD to other methods', async ({ baseURL }) => {
  for (const path of ['/', '/mode', '/quizzes', '/rss.xml', '/media/quiz/x.svg', '/page-inconnue']) {
    for (const method of ['POST', 'PUT', 'DELETE', 'TRACE', 'PATCH']) {
      const answer = await raw(baseURL as string, method, path, method === 'POST' ? { 'content-type': 'text/plain' } : {});
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD');
      expect(answer.body).not.toContain('<html');
    }
  }
  expect((await raw(baseURL as string, 'HEAD', '/mode')).status).toBe(200);
  expect((await raw(baseURL as string, 'GET', '/mode')).status).toBe(200);
});

test('a numeric parameter that is not a whole number says so, in French', async ({ request }) => {
  for (const value of ['abc', '1e2', '1.5']) {
    const response = await request.get(`/api/articles?limit=${value}`);
    expect(response.status()).toBe(400);
    expect((await response.json()).message).toBe('Le paramètre « limit » doit être un nombre entier.');
  }
});

test('the API reference runs under a CSP without unsafe-inline scripts, with no violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    // Redoc's footer points at a logo on its CDN: blocked (img-src 'self'), as it should be. Scripts must all run.
    if (/Content Security Policy/i.test(message.text()) && /script/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto('/api/docs');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  await expect(page.getByText('Piquante — API du magazine').first()).toBeVisible({ timeout: 15_000 });
  expect(violations).toEqual([]);
});

test('state-changing POSTs from another site are refused with a 403 in French; without Origin they go on', async ({ baseURL }) => {
  const form = () => {
    const data = new FormData();
    data.append('people_register_email', 'origine@exemple.fr');
    data.append('people_register_codepostal', '75011');
    data.append('g-recaptcha-response', '');
    return data;
  };
  for (const path of [
    '/newsletter/inscriptionajaxlight-ailleurs',
    '/newsletter/confirmation',
    '/newsletter/desinscription',
    '/newsletter/desinscription/confirmation',
  ]) {
    const response = await fetch(`${baseURL}${path}`, { method: 'POST', headers: { origin: 'https://evil.example' }, body: form() });
    expect(response.status, path).toBe(403);
    expect((await response.json()).message).toBe('Ce formulaire doit être envoyé depuis le site de Piquante.');
  }
  const sameSite = await fetch(`${baseURL}/newsletter/inscriptionajaxlight-ici`, {
    method: 'POST',
    headers: { origin: baseURL as string },
    body: form(),
  });
  expect(sameSite.status).toBe(200);
  const noOrigin = await fetch(`${baseURL}/newsletter/inscriptionajaxlight-ici`, { method: 'POST', body: form() });
  expect(noOrigin.status).toBe(200);
});

test('no Strict-Transport-Security over plain HTTP on a local server', async ({ request }) => {
  const page = await request.get('/');
  expect(page.headers()['strict-transport-security']).toBeUndefined();
});
