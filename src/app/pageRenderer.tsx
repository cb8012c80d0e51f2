/**
 * The page renderer of the server entry: TanStack Start's handler with a buffered render (React's
 * renderToString) instead of its streaming one. Every page is buffered whole before it leaves (its CSP
 * hashes, ETag and compression need the full HTML: src/server/http/pageAnswers.ts), so streaming only
 * cost text encoding and decoding chunk by chunk (issue 22's CPU profile). The HTML leaves as bytes:
 * a Response made from the rendered string (a rope of many pieces) checks and flattens it first, which
 * the profile showed costing more than encoding it.
 */
import { createServerEntry, createStartHandler, defineHandlerCallback, StartServer } from '@tanstack/react-start/server';
import { getSsrStatus, transformHtmlStringWithRouter } from '@tanstack/react-router/ssr/server';
import { renderToString } from 'react-dom/server';

const encoder = new TextEncoder();

/** A page as the renderer made it: its HTML as text (for the CSP hashes) and as the bytes of its body. */
export interface RenderedHtml {
  text: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/**
 * What the renderer made for each request, so the page answerer needs neither read the body back nor decode
 * and encode it again (about a sixth of an uncached home page's CPU: decision 018's addendum). Weak: gone with
 * the request.
 */
const renderedByRequest = new WeakMap<Request, RenderedHtml & { body: ReadableStream | null }>();

/**
 * The HTML of `response` if it is the renderer's own body for `request`. TanStack may rebuild the Response
 * around the same body stream (a status or header set by a route); any other body (a redirect, a server
 * route, a HEAD's stripped body) is not the renderer's, and the caller reads it.
 */
export function renderedHtmlOf(request: Request, response: Response): RenderedHtml | undefined {
  const rendered = renderedByRequest.get(request);
  return rendered && response.body !== null && rendered.body === response.body ? rendered : undefined;
}

/** What TanStack's defaultRenderHandler does (renderRouterToString), the body as bytes. */
const renderBuffered = defineHandlerCallback(async ({ request, router, responseHeaders }) => {
  try {
    const text = await transformHtmlStringWithRouter(router, renderToString(<StartServer router={router} />));
    const bytes = encoder.encode(text);
    const response = new Response(bytes, { status: getSsrStatus(router), headers: responseHeaders });
    renderedByRequest.set(request, { text, bytes, body: response.body });
    return response;
  } catch (error) {
    console.error('Render to string error:', error);
    return new Response('Internal Server Error', { status: 500, headers: responseHeaders });
  } finally {
    router.serverSsr?.cleanup();
  }
});

export default createServerEntry({ fetch: createStartHandler(renderBuffered) });
