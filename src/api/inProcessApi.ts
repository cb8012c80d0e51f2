/**
 * During SSR without API_BASE_URL, the typed client hands its Request straight to the API handler of
 * this process (no socket). The server entry registers the handler here; UI code only sees a fetch.
 *
 * The handler may also answer reads directly (`direct`): the operation's status and body as values, with
 * no Request, Response nor JSON between the loader and the handler (issue 22: the four in-process calls of
 * a page cost more in objects, streams and JSON than in their queries). It answers null for what it does
 * not take that way; the client then goes through `fetch` as before.
 */
type ApiFetch = (request: Request) => Promise<Response>;

/** An answer of the contract as values: `body` is what the JSON body would parse to (undefined for 204). */
export interface DirectAnswer {
  status: number;
  body: unknown;
}

/** `pathAndQuery`: the address under the API's origin, e.g. `/api/article/x` or `/api/articles?limit=12`. */
export type DirectApi = (method: string, pathAndQuery: string) => Promise<DirectAnswer | null>;

export type InProcessApi = ApiFetch & { direct?: DirectApi };

const KEY = Symbol.for('piquante.inProcessApi');
type GlobalWithApi = typeof globalThis & { [KEY]?: InProcessApi };

export function registerInProcessApi(handler: InProcessApi): void {
  (globalThis as GlobalWithApi)[KEY] = handler;
}

export function getInProcessApi(): InProcessApi | undefined {
  return (globalThis as GlobalWithApi)[KEY];
}
