/**
 * The server entry: redirects first, then the content service (/api, /newsletter), generated media,
 * then TanStack Start's SSR for everything else.
 */
import handler from '@tanstack/react-start/server-entry';
import { registerInProcessApi } from './api/inProcessApi.ts';
import { DataDirLockedError } from './db/dataDirLock.ts';
import { getServerApp } from './server/boot.server.ts';
import { handleMediaRequest } from './server/http/mediaRoutes.ts';
import { findRedirect, permanentRedirect } from './server/http/redirects.ts';
import { createNonce, withSecurityHeaders } from './server/security/securityHeaders.server.ts';
import { handleSeoRequest } from './server/seo/seoRoutes.server.ts';

const app = getServerApp();
app.then(
  (ready) => registerInProcessApi(ready.handleApi),
  (error: unknown) => {
    if (error instanceof DataDirLockedError) {
      console.error(`\n${error.message}\n`);
    } else {
      console.error('[boot] the server could not start:', error);
    }
    process.exit(1);
  },
);

function isApiPath(pathname: string): boolean {
  return pathname.startsWith('/api/') || pathname.startsWith('/newsletter/');
}

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const location = findRedirect(url);
    if (location) return permanentRedirect(location);
    if (url.pathname === '/healthz') {
      const ready = await app;
      return Response.json({ status: 'ok', database: ready.database.kind });
    }
    if (isApiPath(url.pathname)) return (await app).handleApi(request);
    if (url.pathname.startsWith('/media/')) return handleMediaRequest(url);
    const seo = await handleSeoRequest(url, async () => (await app).database.db);
    if (seo) return seo;
    await app; // SSR loaders call the in-process API: make sure it is registered.
    const nonce = createNonce();
    const page = await handler.fetch(request, { context: { nonce } });
    return withSecurityHeaders(page, nonce, { csp: !import.meta.env.DEV });
  },
};
