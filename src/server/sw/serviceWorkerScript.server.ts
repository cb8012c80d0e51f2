/**
 * GET /sw.js: the built service worker (dist/client/sw.js) with the headers a worker needs — JavaScript,
 * `Cache-Control: no-cache` (the browser checks for a new version at every navigation, and gets a 304 when
 * nothing changed), `Service-Worker-Allowed: /` (scope /). With SERVICE_WORKER=0 (and in development) it
 * answers a worker that deletes the site's caches and unregisters itself: a reader's browser that
 * installed the real one replaces it at its next update check, even if that reader never reloads a page.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appConfig } from '../../../app.config.ts';

export const SERVICE_WORKER_PATH = '/sw.js';

/** The off switch: clean up after the real worker, then leave. Pages keep working from the network. */
export const UNREGISTER_SCRIPT = `// ${appConfig.site.name}: the service worker is turned off (SERVICE_WORKER=0).
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith(${JSON.stringify(`${appConfig.serviceWorker.cachePrefix}-`)})).map((name) => caches.delete(name)));
    await self.registration.unregister();
  })());
});
`;

/** dist/client/sw.js, found from this module's place in the build (dist/server/…) or the source tree. */
export function findBuiltServiceWorker(from: string = fileURLToPath(import.meta.url)): string | null {
  let dir = dirname(from);
  for (let i = 0; i < 6; i++) {
    for (const candidate of [join(dir, 'client/sw.js'), join(dir, 'dist/client/sw.js')]) {
      if (existsSync(candidate)) return candidate;
    }
    dir = dirname(dir);
  }
  return null;
}

interface Script {
  body: string;
  etag: string;
}

const scriptOf = (body: string): Script => ({ body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` });
const unregister = scriptOf(UNREGISTER_SCRIPT);
let built: Promise<Script | null> | undefined;

const loadScript = async (file: string | null): Promise<Script | null> => (file ? scriptOf(await readFile(file, 'utf8')) : null);

function builtScript(): Promise<Script | null> {
  built ??= loadScript(findBuiltServiceWorker());
  return built;
}

export interface ServiceWorkerScriptOptions {
  /** SERVICE_WORKER, from the server's configuration (off: the script unregisters any installed worker). */
  enabled: boolean;
  /** Development: the worker is never built, so any installed one is removed. */
  dev?: boolean;
  /** Where the built worker is (tests). */
  file?: string | null;
}

export async function serviceWorkerScript(request: Request, options: ServiceWorkerScriptOptions): Promise<Response> {
  const enabled = options.enabled && !options.dev;
  let script = unregister;
  if (enabled) {
    // The built file is read once per process (a new release is a new process); tests name their own.
    const loaded = options.file !== undefined ? await loadScript(options.file) : await builtScript();
    if (!loaded) {
      return new Response('Service worker introuvable : lancez `npm run build`.', {
        status: 404,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
      });
    }
    script = loaded;
  }
  const headers = {
    'content-type': 'text/javascript; charset=utf-8',
    'cache-control': 'no-cache',
    'service-worker-allowed': '/',
    'x-content-type-options': 'nosniff',
    etag: script.etag,
  };
  if (request.headers.get('if-none-match') === script.etag) return new Response(null, { status: 304, headers });
  return new Response(request.method === 'HEAD' ? null : script.body, { headers });
}
