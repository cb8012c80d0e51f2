/**
 * Everything the server answers that is not a rendered page: the health check, the API (/api,
 * /newsletter), refused page requests, generated media, feeds and sitemaps. They all leave with the
 * resource security headers (and an ETag when cacheable); pages get theirs in src/server/http/pageAnswers.ts.
 */
import type { ServerApp } from '../boot.server.ts';
import { withResourceSecurityHeaders } from '../security/securityHeaders.server.ts';
import { handleSeoRequest } from '../seo/seoRoutes.server.ts';
import { withEntityTag } from './httpCache.ts';
import { handleMailMediaRequest } from './mailMediaRoutes.ts';
import { handleMediaRequest } from './mediaRoutes.ts';
import { mediaFileResponse } from '../media/mediaFiles.ts';
import { doubledSlashRedirect, pageMethodNotAllowed } from './pageRequests.ts';

function isApiPath(pathname: string): boolean {
  return pathname.startsWith('/api/') || pathname.startsWith('/newsletter/');
}

async function answer(request: Request, url: URL, app: () => Promise<ServerApp>): Promise<Response | null> {
  if (url.pathname === '/healthz') {
    const ready = await app();
    return Response.json({ status: 'ok', database: ready.database.kind });
  }
  if (isApiPath(url.pathname)) return (await app()).handleApi(request);
  const refused = pageMethodNotAllowed(request) ?? doubledSlashRedirect(url);
  if (refused) return refused;
  if (url.pathname.startsWith('/media/library/')) {
    // A sound's Range: browsers seek in an <audio> by asking for bytes.
    return (await mediaFileResponse(url.pathname, (await app()).storage, request.headers.get('range'))) ?? handleMediaRequest(url);
  }
  if (url.pathname.startsWith('/media/')) return (await handleMailMediaRequest(url)) ?? handleMediaRequest(url);
  return handleSeoRequest(url, async () => {
    const ready = await app();
    return { db: ready.database.db, siteUrl: ready.siteUrl, indexNowKey: ready.indexNowKey };
  });
}

/** The answer with its headers, or null when the request is for a page (server rendering). */
export async function answerResourceRequest(request: Request, url: URL, app: () => Promise<ServerApp>): Promise<Response | null> {
  const response = await answer(request, url, app);
  return response && withResourceSecurityHeaders(await withEntityTag(request, response));
}
