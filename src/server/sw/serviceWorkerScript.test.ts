import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serviceWorkerScript, UNREGISTER_SCRIPT } from './serviceWorkerScript.server.ts';

const dir = mkdtempSync(join(tmpdir(), 'piquante-sw-test-'));
const file = join(dir, 'sw.js');
writeFileSync(file, 'self.addEventListener("fetch", () => {}); // built');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const get = (headers: Record<string, string> = {}) => new Request('http://piquante.test/sw.js', { headers });

describe('GET /sw.js', () => {
  it('serves the built worker as JavaScript, revalidated every time, allowed at scope /', async () => {
    const response = await serviceWorkerScript(get(), { enabled: true, file });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('service-worker-allowed')).toBe('/');
    expect(await response.text()).toContain('// built');
    const etag = response.headers.get('etag') ?? '';
    const again = await serviceWorkerScript(get({ 'if-none-match': etag }), { enabled: true, file });
    expect(again.status).toBe(304);
  });

  it('answers a worker that unregisters itself when SERVICE_WORKER=0, and in development', async () => {
    for (const options of [
      { enabled: false, file },
      { enabled: true, file, dev: true },
    ]) {
      const response = await serviceWorkerScript(get(), options);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(UNREGISTER_SCRIPT);
    }
  });

  it('says so when the worker was never built', async () => {
    const response = await serviceWorkerScript(get(), { enabled: true, file: null });
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
