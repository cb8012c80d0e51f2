/**
 * The typed client's GET over the in-process API's direct reads (src/api/inProcessApi.ts): the address
 * openapi-fetch would build, the answer in its shape (`data` for a success, `error` otherwise, `response`
 * with the status), without a Request, a Response body or JSON in between.
 */
import type createClient from 'openapi-fetch';
import { createFinalURL, createQuerySerializer, defaultPathSerializer } from 'openapi-fetch';
import type { paths } from './generated/schema';
import type { DirectApi } from './inProcessApi.ts';

type ApiClient = ReturnType<typeof createClient<paths>>;

const querySerializer = createQuerySerializer();

interface GetInit {
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown> };
}

/** `fallback` answers what `direct` does not take (it answers null). */
export function directGet(direct: DirectApi, fallback: ApiClient): ApiClient['GET'] {
  const get = async (path: string, init?: GetInit) => {
    const address = createFinalURL(path, {
      baseUrl: '',
      params: init?.params ?? {},
      querySerializer,
      pathSerializer: defaultPathSerializer,
    });
    const answer = await direct('GET', address);
    if (!answer) return (fallback.GET as (path: string, init?: GetInit) => Promise<unknown>)(path, init);
    const response = new Response(null, { status: answer.status });
    if (answer.status >= 200 && answer.status < 300) return { data: answer.body, response };
    return { error: answer.body, response };
  };
  return get as unknown as ApiClient['GET'];
}
