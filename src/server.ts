/**
 * The server entry: redirects first (the fixed table, the redirect table, the trailing slash: src/server/redirects/), then the service worker script (/sw.js), then what is not a page
 * (the content service under /api and /newsletter, generated media, feeds: src/server/http/resourceRequests.ts),
 * then TanStack Start's SSR for everything else, through the page cache (src/server/http/pageAnswers.ts; off in
 * development, where Vite serves fresh modules and injects its own inline scripts). Cacheable API answers are
 * kept in the same cache (apiAnswerCache.ts). A fresh entry never gets here: scripts/serve.mjs hands every
 * request to answerFromCache first, the node:http hit path (cacheHitPath.ts).
 */
import handler, { renderedHtmlOf } from './app/pageRenderer.tsx';
import { registerInProcessApi } from './api/inProcessApi.ts';
import { DataDirLockedError } from './db/dataDirLock.ts';
import { registerRenderSettings } from './lib/renderSettings.ts';
import { processServerConfig, type ServerConfig, ServerConfigError } from './server/config/serverConfig.ts';
import { getServerApp } from './server/boot.server.ts';
import type { IssueMailRenderer } from './server/newsletter/issues/issueMailTypes.ts';
import { answerApiThroughCache, isCacheableApiRequest } from './server/http/apiAnswerCache.ts';
import { createCacheHitPath } from './server/http/cacheHitPath.ts';
import { setProxyRevalidateSeconds } from './server/http/httpCache.ts';
import { createPageAnswerer } from './server/http/pageAnswers.ts';
import { PageCache } from './server/http/pageCache.ts';
import { listenForContentChanges } from './server/http/pageCacheInvalidation.ts';
import { createSharedPages, releaseOf, sharedPagesSite } from './server/http/sharedPages.ts';
import { answerResourceRequest } from './server/http/resourceRequests.ts';
import { createRedirectAnswerer } from './server/redirects/redirectAnswers.ts';
import { createRedirectLookups } from './server/redirects/redirectLookups.ts';
import { findStoredRedirect } from './server/redirects/redirectStore.server.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BeaconFastPath, NormalPath } from './server/audience/beaconFastPath.ts';
import { strictTransportSecurity } from './server/config/transportSecurity.ts';
import { withSecurityHeaders } from './server/security/securityHeaders.server.ts';
import { SERVICE_WORKER_PATH, serviceWorkerScript } from './server/sw/serviceWorkerScript.server.ts';

// The configuration, read once and checked as a whole before anything opens: a wrong setting stops the
// server here, with a sentence naming each variable to fix.
function readConfig(): ServerConfig {
  try {
    return processServerConfig();
  } catch (error) {
    if (!(error instanceof ServerConfigError)) throw error;
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
}
const config = readConfig();
// What the render needs of it (the site's address, the browser features, an external API): handed over here.
registerRenderSettings({ siteUrl: config.siteUrl, features: config.siteFeatures, apiBaseUrl: config.apiBaseUrl });

setProxyRevalidateSeconds(config.proxyRevalidateSeconds);
// PAGE_CACHE_MAX_BYTES=0 turns the page cache off (every page rendered: what bench:http calls uncached).
const pageCache = new PageCache(config.pageCacheBytes);
// With REDIS_URL, pages are shared between processes (WORKERS=n, or instances behind a proxy), namespaced by
// this build and this site's database.
const redisUrl = import.meta.env.DEV ? null : config.redisUrl;
const sharedPages = redisUrl ? createSharedPages(redisUrl, sharedPagesSite(releaseOf(import.meta.url), config.database)) : null;
// The renderer's HTML goes to the page answerer as it was made (text and bytes), not read back from its Response.
const pages = createPageAnswerer(
  pageCache,
  async (request) => {
    const response = await handler.fetch(request);
    return { response, html: renderedHtmlOf(request, response) };
  },
  { csp: config.pageSources, shared: sharedPages },
);

// The newsletter issue's mail is React components: handed to the server from here, its composition root
// (server code never imports React; decision 017). Loaded on first use: only a send or a preview needs it.
const renderIssueMail: IssueMailRenderer = async (input) =>
  (await import('./mail/newsletterIssueMail.tsx')).renderNewsletterIssueMail(input);
const app = getServerApp(config, { renderIssueMail });
// The audience beacon answered at the node:http level once the app is up (issue 37, beaconFastPath.ts);
// AUDIENCE_BEACON_PATH=0 sends beacons the normal way (to compare).
let beaconPath: BeaconFastPath | null = null;
app.then(
  (ready) => {
    registerInProcessApi(ready.handleApi);
    if (!import.meta.env.DEV && config.audienceBeaconPath) beaconPath = ready.beaconPath ?? null;
    if (!import.meta.env.DEV) void listenForContentChanges(pageCache, ready.database.kind, config.contentChanges, sharedPages);
  },
  (error: unknown) => {
    if (error instanceof DataDirLockedError) {
      console.error(`\n${error.message}\n`);
    } else {
      console.error('[boot] the server could not start:', error);
    }
    process.exit(1);
  },
);

// Old addresses (the fixed table, the redirect table of imports and the newsroom, the trailing slash): one
// 301 or 308 before anything else; the table's answers are kept in this process (redirectLookups.ts).
const redirects = createRedirectAnswerer(createRedirectLookups(async (path) => findStoredRedirect((await app).database.db, path)));

const transportSecurity = config.transport;
// The page cache's hits answered at the node:http level, before a Web Request exists (issue 22);
// PAGE_CACHE_HIT_PATH=0 sends them the normal way (to compare, as bench:http does).
const hitPath = import.meta.env.DEV || !config.pageCacheHitPath ? null : createCacheHitPath(pageCache, transportSecurity);

export default {
  /** After the last request: background work (job workers) stops; a job cut short is tried again later. */
  async stop(): Promise<void> {
    await (await app).stop();
  },
  /**
   * Called by scripts/serve.mjs for every request, first: true when a fresh cached page was sent, or when an
   * audience beacon is taken (answered, or handed to `normal` with its body read).
   */
  answerFromCache(req: IncomingMessage, res: ServerResponse, normal: NormalPath): boolean {
    return (hitPath?.answer(req, res) ?? false) || (beaconPath?.answer(req, res, normal) ?? false);
  },
  async fetch(request: Request): Promise<Response> {
    const response = await answer(request);
    startBackgroundAfter(request);
    const hsts = strictTransportSecurity(request, transportSecurity);
    if (hsts) response.headers.set('strict-transport-security', hsts);
    return response;
  },
};

// The job workers, scheduler and pollers start once the first request is answered (boot.server.ts): a start
// is ready when its first page is. Not on /healthz: scripts/serve.mjs asks it before it even listens.
let backgroundAsked = false;
function startBackgroundAfter(request: Request): void {
  if (backgroundAsked || request.url.endsWith('/healthz')) return;
  backgroundAsked = true;
  // A macrotask later: the answer's bytes go out first.
  app.then(
    (ready) => setTimeout(ready.startBackground, 0),
    () => {},
  );
}

/** Redirects first, then what is not a page, then the page itself. */
async function answer(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const redirect = await redirects.answer(request, url);
  if (redirect) return redirect;
  // The worker's own script: its headers (and the off switch) are its own, not a resource's CSP, which
  // would apply to the worker itself.
  if (url.pathname === SERVICE_WORKER_PATH)
    return serviceWorkerScript(request, { dev: import.meta.env.DEV, enabled: config.siteFeatures.serviceWorker });
  // A write may queue a job in its transaction: the job queue, opened after the first page, runs before it does.
  if (request.method !== 'GET' && request.method !== 'HEAD') await (await app).queueReady();
  const resource =
    !import.meta.env.DEV && pageCache.maxBytes > 0 && isCacheableApiRequest(request, url)
      ? await answerApiThroughCache(pageCache, request, url, () => answerResourceRequest(request, url, () => app))
      : await answerResourceRequest(request, url, () => app);
  if (resource) return resource;
  await app; // SSR loaders call the in-process API: make sure it is registered.
  if (import.meta.env.DEV) return withSecurityHeaders(await handler.fetch(request), [], { csp: null });
  return pages.answer(request);
}
