/**
 * The typed client of the contract (openapi-fetch over the generated types). In the browser it calls
 * the same origin; during SSR it uses API_BASE_URL when set (an external CMS), else the API handlers
 * of this very process: reads the handler takes directly come back as values (no Request, Response nor
 * JSON: src/api/inProcessApi.ts), anything else goes through its fetch.
 */
import { createIsomorphicFn } from '@tanstack/react-start';
import createClient from 'openapi-fetch';
import { directGet } from './directClient.ts';
import type { paths } from './generated/schema';
import { getInProcessApi } from './inProcessApi.ts';
import { renderSettings } from '../lib/renderSettings.ts';

export type ApiClient = ReturnType<typeof createClient<paths>>;

/** Origin used for in-process requests: never resolved, only parsed. */
const IN_PROCESS_ORIGIN = 'http://in-process.piquante';

function inProcessClient(): ApiClient {
  const client = createClient<paths>({
    baseUrl: IN_PROCESS_ORIGIN,
    fetch: async (request: Request) => {
      const handle = getInProcessApi();
      if (!handle) throw new Error('The in-process API is not registered (server entry not loaded).');
      return handle(request);
    },
  });
  const direct = getInProcessApi()?.direct;
  return direct ? { ...client, GET: directGet(direct, client) } : client;
}

export const createApiClient = createIsomorphicFn()
  .server(async (): Promise<ApiClient> => {
    const external = renderSettings()?.apiBaseUrl;
    if (external) return createClient<paths>({ baseUrl: external });
    return inProcessClient();
  })
  // In the browser the client is loaded by the first call (a client-side navigation, a form): the pages a
  // reader lands on are rendered and hydrated without it, so it stays off their start-up (issue 38).
  .client(async (): Promise<ApiClient> => {
    const { default: createBrowserClient } = await import('openapi-fetch');
    return createBrowserClient<paths>({ baseUrl: window.location.origin });
  });

let browserClient: Promise<ApiClient> | undefined;

/** One client per browser tab; a fresh one per SSR call (cheap, and env can differ in tests). */
export function api(): Promise<ApiClient> {
  if (typeof window === 'undefined') return createApiClient();
  // A failed download (offline) is not kept: the next call tries again.
  browserClient ??= createApiClient().catch((error: unknown) => {
    browserClient = undefined;
    throw error;
  });
  return browserClient;
}
