/** Behind HTTPS (SITE_URL https, or a trusted proxy saying so), every answer carries Strict-Transport-Security. */
import { expect, test } from '@playwright/test';
import { type OwnServer, startOwnServer, tempDataDir } from './support/ownServer.ts';

let server: OwnServer;
let data: ReturnType<typeof tempDataDir>;

test.beforeAll(async () => {
  data = tempDataDir();
  server = await startOwnServer({ DATA_DIR: data.dir, SEED_DEMO: '1', SITE_URL: 'https://www.piquante.test', HSTS_MAX_AGE: '86400' });
});

test.afterAll(async () => {
  await server?.kill('SIGTERM');
  data?.remove();
});

test('pages, API answers, feeds and refusals carry Strict-Transport-Security when the site is HTTPS', async () => {
  for (const [path, method] of [
    ['/', 'GET'],
    ['/api/categories', 'GET'],
    ['/rss.xml', 'GET'],
    ['/mode', 'POST'],
    ['/style/x', 'GET'],
  ] as const) {
    const response = await fetch(`${server.baseUrl}${path}`, { method, redirect: 'manual' });
    expect(response.headers.get('strict-transport-security'), `${method} ${path}`).toBe('max-age=86400');
  }
});
