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

/** What TanStack's defaultRenderHandler does (renderRouterToString), the body as bytes. */
const renderBuffered = defineHandlerCallback(async ({ router, responseHeaders }) => {
  try {
    const html = await transformHtmlStringWithRouter(router, renderToString(<StartServer router={router} />));
    return new Response(encoder.encode(html), { status: getSsrStatus(router), headers: responseHeaders });
  } catch (error) {
    console.error('Render to string error:', error);
    return new Response('Internal Server Error', { status: 500, headers: responseHeaders });
  } finally {
    router.serverSsr?.cleanup();
  }
});

export default createServerEntry({ fetch: createStartHandler(renderBuffered) });
