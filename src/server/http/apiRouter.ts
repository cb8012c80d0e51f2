/**
 * The API as one fetch-style function: a Request in, a Response out (no socket needed). Its addresses
 * come from the contract (src/api/generated/operations.ts), matched by rou3 (the router under h3 and
 * srvx); its handlers from one table keyed by operationId (apiTypes.ts), composed at boot. Beside the
 * contract's operations it serves the contract itself and its reference page.
 */
import { addRoute, createRouter, findRoute } from 'rou3';
import type { DirectAnswer, DirectApi, InProcessApi } from '../../api/inProcessApi.ts';
import { apiOperations, type OperationId } from '../../api/generated/operations.ts';
import * as contract from '../../api/generated/zod.ts';
import type { Database } from '../../db/client.ts';
import { controlCharacterField, controlCharacterMessage } from './controlCharacters.ts';
import { apiContractFile, apiReferencePage } from './apiReference.ts';
import type { ApiContext, ApiHandler, ApiHandlers, OperationHandler } from './apiTypes.ts';
import { diskFull, isDatabaseOutage, isDiskFull, serviceUnavailable } from './databaseOutage.ts';
import { answerTags, isTaggedOperation } from '../cache/answerTags.ts';
import { cacheTagHeaders } from '../cache/cacheTags.ts';
import { recordTags } from '../cache/tagCollector.ts';
import { withEntityTag } from './httpCache.ts';
import { drainBody } from './requestBody.ts';
import { errorJson, json } from './responses.ts';

/** Served under /api but not operations of the contract: the contract itself and its reference page. */
const documentRoutes = {
  '/api/docs': async () => apiReferencePage(),
  '/api/openapi.yaml': async () => apiContractFile(),
} as const;

export interface ApiHandlerOptions {
  /** The site's canonical origin (SITE_URL): forms posted from it are ours even behind a proxy. */
  siteUrl?: string;
  /**
   * Operations that server rendering may call directly (`direct`: values in, values out, no JSON): public
   * reads whose handlers answer through `ctx.reply` and use nothing of the request but its address.
   */
  direct?: ReadonlySet<OperationId>;
}

/** The origin of direct calls' addresses: never resolved, only parsed (as the SSR client's). */
const IN_PROCESS_ORIGIN = 'http://in-process.piquante';

/** What `reply` hands a handler during a direct call: a token, the answer itself stays as values. */
const DIRECT_REPLY = new Response(null, { status: 200 });

const foreignOriginMessage = 'Ce formulaire doit être envoyé depuis le site de Piquante.';
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

/**
 * A browser always names the page's origin on a POST: one that is neither this server's nor the site's
 * is another site submitting a form in our reader's name. Clients that send no Origin (curl, mail
 * servers) are not browsers acting for someone, and keep working.
 */
function foreignOrigin(request: Request, url: URL, siteOrigin: string | null): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  return origin !== url.origin && origin !== siteOrigin;
}

interface Entry {
  operationId: OperationId | null;
  handle: ApiHandler;
  crossOrigin: boolean;
  /** The operation declares query parameters (and so a 400): its query falls under the control-character rule. */
  readsQuery: boolean;
}

const readsQuery = (operationId: string) => `${operationId.charAt(0).toUpperCase()}${operationId.slice(1)}QueryParams` in contract;

/** The operations of the contract that `handlers` lacks, and the handlers that are no operation. */
export function handlerTableGaps(handlers: Record<string, unknown>): { missing: string[]; unknown: string[] } {
  const operations = Object.keys(apiOperations);
  return {
    missing: operations.filter((id) => !(id in handlers)),
    unknown: Object.keys(handlers).filter((id) => !(id in apiOperations)),
  };
}

function decodeParams(params: Record<string, string> | undefined): Record<string, string> | null {
  const decoded: Record<string, string> = {};
  try {
    for (const [name, value] of Object.entries(params ?? {})) decoded[name] = decodeURIComponent(value);
  } catch {
    return null; // Malformed percent-encoding: no operation can take it.
  }
  return decoded;
}

export function createApiHandler(
  db: Database,
  handlers: ApiHandlers,
  options: ApiHandlerOptions = {},
): InProcessApi & { direct: DirectApi } {
  const gaps = handlerTableGaps(handlers);
  if (gaps.missing.length > 0 || gaps.unknown.length > 0) {
    throw new Error(
      `API handler table out of step with the contract: missing ${gaps.missing.join(', ') || 'none'}; unknown ${gaps.unknown.join(', ') || 'none'}`,
    );
  }
  const router = createRouter<Entry>();
  for (const [operationId, { method, path }] of Object.entries(apiOperations) as [OperationId, { method: string; path: string }][]) {
    const entry = handlers[operationId] as ApiHandler | OperationHandler;
    const handle = (typeof entry === 'function' ? entry : entry.handle) as ApiHandler;
    addRoute(router, method, path, {
      operationId,
      handle,
      crossOrigin: typeof entry !== 'function' && entry.crossOrigin === true,
      readsQuery: readsQuery(operationId),
    });
  }
  for (const [path, handle] of Object.entries(documentRoutes))
    addRoute(router, 'GET', path, { operationId: null, handle, crossOrigin: false, readsQuery: false });
  const siteOrigin = options.siteUrl ? new URL(options.siteUrl).origin : null;

  const direct = options.direct ?? new Set<OperationId>();

  /** An error thrown by a handler, as the client sees it. */
  function failure(error: unknown, method: string, pathname: string): Response {
    if (isDiskFull(error)) {
      console.error('[api] disk full on', method, pathname, (error as Error).message);
      return diskFull();
    }
    if (isDatabaseOutage(error)) {
      console.error('[api] database unreachable on', method, pathname, (error as Error).message);
      return serviceUnavailable();
    }
    console.error('[api] unexpected failure on', method, pathname, error);
    return errorJson(500, 'Une erreur inattendue est survenue. Réessayez dans un instant.');
  }

  async function handleApiRequest(request: Request): Promise<Response> {
    const url = new URL(request.url);
    try {
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      const match = findRoute(router, method, url.pathname);
      if (!match) {
        const elsewhere = METHODS.some((other) => other !== method && findRoute(router, other, url.pathname));
        if (elsewhere) return errorJson(405, "Cette méthode n'est pas acceptée à cette adresse.");
        return errorJson(404, "Cette adresse de l'API n'existe pas.");
      }
      const params = decodeParams(match.params);
      if (!params) return errorJson(404, "Cette adresse de l'API n'existe pas.");
      // Path and query under the one input rule (controlCharacters.ts): every operation with a path parameter
      // or a query declares the 400; the query of the others is read by no handler.
      let controlled = controlCharacterField(params);
      if (match.data.readsQuery) for (const [name, value] of url.searchParams) controlled ??= controlCharacterField({ [name]: value });
      if (controlled !== null) {
        const message = controlCharacterMessage(controlled);
        return errorJson(400, message, { [controlled]: message });
      }
      if (!match.data.crossOrigin && foreignOrigin(request, url, siteOrigin)) return errorJson(403, foreignOriginMessage);
      const ctx: ApiContext = {
        db,
        request,
        url,
        params: params as never,
        reply: (status, body, replyOptions) => {
          const answer = json(body, { status: status as number, cache: replyOptions?.cache });
          const operationId = match.data.operationId;
          if (status === 200 && method === 'GET' && operationId) {
            // What the answer shows, for the CDN and the page cache (decision 032), and for the page rendering it.
            const tags = answerTags(operationId, body, url);
            recordTags(tags);
            if (isTaggedOperation(operationId)) for (const [name, value] of cacheTagHeaders(tags)) answer.headers.set(name, value);
          }
          return answer;
        },
      };
      const response = await match.data.handle(ctx);
      if (request.method !== 'HEAD') return response;
      // HEAD answers with the GET's headers, its ETag included: tagged while the body is still here.
      const tagged = await withEntityTag(request, response);
      return tagged.body ? new Response(null, tagged) : tagged;
    } catch (error) {
      return failure(error, request.method, url.pathname);
    } finally {
      // Whatever a handler left unread is drained, so that its answer reaches a client still sending.
      drainBody(request);
    }
  }

  /**
   * A GET of a `direct` operation for server rendering: the handler's reply as values (what its JSON body
   * would parse to), no Request unless the handler asks for one. Anything else answers null: the caller
   * then goes through handleApiRequest.
   */
  async function answerDirect(method: string, pathAndQuery: string): Promise<DirectAnswer | null> {
    if (method !== 'GET') return null;
    const url = new URL(pathAndQuery, IN_PROCESS_ORIGIN);
    const match = findRoute(router, 'GET', url.pathname);
    if (!match?.data.operationId || !direct.has(match.data.operationId)) return null;
    const params = decodeParams(match.params);
    if (!params) return null;
    const operationId = match.data.operationId;
    let replied: DirectAnswer | undefined;
    let request: Request | undefined;
    const ctx: ApiContext = {
      db,
      get request() {
        request ??= new Request(url, { method: 'GET' });
        return request;
      },
      url,
      params: params as never,
      reply: (status, body) => {
        replied = { status: status as number, body };
        if (status === 200 && operationId) recordTags(answerTags(operationId, body, url));
        return DIRECT_REPLY;
      },
    };
    let response: Response;
    try {
      response = await match.data.handle(ctx);
    } catch (error) {
      response = failure(error, method, url.pathname);
    }
    if (response === DIRECT_REPLY && replied) return replied;
    // Errors and empty answers: their body as the client would read it.
    const text = response.status === 204 || !response.body ? '' : await response.text();
    let body: unknown = text || undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: the text itself, as openapi-fetch gives it.
    }
    return { status: response.status, body };
  }

  return Object.assign(handleApiRequest, { direct: answerDirect }) satisfies InProcessApi;
}
